import { type Ausencia, ausenciaSchema } from '@red-dental/contracts';
import { useId, useState } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { Alert } from '@/components/ui/alert/index.ts';
import { Button } from '@/components/ui/button/index.ts';
import { PlusIcon, TrashIcon } from '@/components/ui/screen-icons/index.ts';
import { TextInput } from '@/components/ui/text-input/index.ts';
import { formatDate } from '@/lib/format.ts';
import fieldGrid from '@/styles/field-grid.module.css';
import styles from './profile-form.module.css';
import type { ProfileFormValues } from './profile-form-values.ts';

const describe = (a: Ausencia) =>
  a.desde === a.hasta ? `El ${formatDate(a.desde)}` : `Del ${formatDate(a.desde)} al ${formatDate(a.hasta)}`;

/**
 * 'Ausencias': the days the office is closed (vacations), both ends
 * included. The directory shows 'Ausente hasta {d/mm}' during one.
 */
export function AusenciasField({ isEditing }: { isEditing: boolean }) {
  const { control } = useFormContext<ProfileFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'ausencias' });
  const [draft, setDraft] = useState<Ausencia>({ desde: '', hasta: '' });
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  const add = () => {
    const candidate = { desde: draft.desde, hasta: draft.hasta || draft.desde };
    const result = ausenciaSchema.safeParse(candidate);
    if (!result.success) {
      setError(result.error.issues[0]?.message ?? null);
      return;
    }
    append(result.data);
    setDraft({ desde: '', hasta: '' });
    setError(null);
  };

  return (
    <div className={styles.ausencias}>
      {fields.length === 0 ? (
        <p className={styles.muted}>No hay ausencias programadas.</p>
      ) : (
        <ul className={styles.ausenciaList}>
          {fields.map((field, index) => (
            <li key={field.id} className={styles.ausencia}>
              <span>{describe(field)}</span>
              {isEditing && (
                <Button
                  variant="none"
                  size="sm"
                  className={styles.iconButton}
                  onClick={() => remove(index)}
                  aria-label={`Quitar la ausencia: ${describe(field).toLowerCase()}`}
                >
                  <TrashIcon size={18} />
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {isEditing && (
        <div className={styles.ausenciaDraft}>
          <TextInput
            label="Desde"
            type="date"
            value={draft.desde}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => {
              setDraft((d) => ({ ...d, desde: event.target.value }));
              setError(null);
            }}
          />
          <TextInput
            label="Hasta"
            type="date"
            value={draft.hasta}
            min={draft.desde || undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => {
              setDraft((d) => ({ ...d, hasta: event.target.value }));
              setError(null);
            }}
          />
          <Button variant="secondary" icon={<PlusIcon size={18} />} onClick={add}>
            Agregar ausencia
          </Button>
          {error && (
            <Alert id={errorId} className={fieldGrid.wide}>
              {error}
            </Alert>
          )}
          {!error && (draft.desde || draft.hasta) && (
            <p className={`${styles.hint} ${fieldGrid.wide}`}>
              Presione Agregar ausencia para sumarla a la lista: solo se guardan las ausencias de la lista.
            </p>
          )}
        </div>
      )}
    </div>
  );
}
