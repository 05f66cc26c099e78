import {
  type Autorizacion,
  type AutorizacionDecision,
  lugarDeLinea,
  MOTIVOS_AUDITORIA,
  type MotivoAuditoria,
} from '@red-dental/contracts';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert/index.ts';
import { Button } from '@/components/ui/button/index.ts';
import { Checkbox } from '@/components/ui/checkbox/index.ts';
import { Select } from '@/components/ui/select/index.ts';
import { TextArea } from '@/components/ui/text-area/index.ts';
import { errorMessage } from '@/lib/api-client.ts';
import mesa from '@/styles/mesa-auditoria.module.css';
import { useDecidir } from '../api/auditoria-odontologica.ts';
import styles from './autorizaciones.module.css';

export type Decision = AutorizacionDecision['decision'];

/** The four decisions and the key that picks each. */
export const DECISIONES: readonly { decision: Decision; tecla: string; texto: string }[] = [
  { decision: 'aprobar', tecla: 'A', texto: 'Aprobar' },
  { decision: 'aprobar_parcial', tecla: 'P', texto: 'Aprobar en parte' },
  { decision: 'observar', tecla: 'O', texto: 'Observar' },
  { decision: 'rechazar', tecla: 'R', texto: 'Rechazar' },
];

const MOTIVO_OPTIONS = (Object.entries(MOTIVOS_AUDITORIA) as [MotivoAuditoria, string][]).map(
  ([value, texto]) => ({
    value,
    label: value.startsWith('D') ? `${value} — ${texto}` : texto,
  }),
);

/**
 * The auditor's decision on a request: picked with a key (A, P, O, R) or a
 * button, then the reason from the catalogue (refusing, approving in part),
 * the items approved (in part), and a note — what the dentist must send, when
 * observing. Sent with Enter; the next request in the queue opens.
 */
export function DecisionAuditor({
  autorizacion: a,
  decision,
  onDecision,
  onDecidida,
}: {
  autorizacion: Autorizacion;
  decision: Decision | null;
  onDecision: (d: Decision | null) => void;
  onDecidida: (message: string) => void;
}) {
  const [motivo, setMotivo] = useState<MotivoAuditoria | ''>('');
  const [nota, setNota] = useState('');
  const [items, setItems] = useState<number[]>([]);
  const [error, setError] = useState<string>();
  const decidir = useDecidir();
  const errorId = useId();
  const motivoRef = useRef<HTMLSelectElement>(null);
  const notaRef = useRef<HTMLTextAreaElement>(null);
  const pideMotivo = decision === 'rechazar' || decision === 'aprobar_parcial';

  // Another decision starts clean: a note written to observe is not sent with an approval.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the decision is what resets them.
  useEffect(() => {
    setMotivo('');
    setNota('');
    setItems([]);
    setError(undefined);
  }, [decision]);

  // A decision picked by its key moves the focus to what it asks next: the reason, or the note.
  useEffect(() => {
    if (decision === 'rechazar' || decision === 'aprobar_parcial') motivoRef.current?.focus();
    else if (decision) notaRef.current?.focus();
  }, [decision]);

  const enviar = (event: FormEvent) => {
    event.preventDefault();
    if (!decision) return;
    if (pideMotivo && !motivo) return setError('Elija el motivo');
    if (decision === 'observar' && !nota.trim())
      return setError('Escriba qué debe enviar o responder el profesional');
    if (decision === 'aprobar_parcial' && (items.length === 0 || items.length === a.items.length))
      return setError('Marque las prestaciones que aprueba (al menos una, no todas)');
    setError(undefined);
    // Through the promise, not the call's callbacks: a decided request no longer shows this form, and
    // the workbench must still hear of it to open the next one.
    decidir
      .mutateAsync({
        id: a.id,
        decision,
        motivo: pideMotivo ? (motivo as MotivoAuditoria) : undefined,
        nota: nota.trim() || undefined,
        items: decision === 'aprobar_parcial' ? items : undefined,
      })
      .then((r) => onDecidida(r.message))
      .catch(() => undefined);
  };

  return (
    <form className={mesa.decision} onSubmit={enviar} noValidate aria-label="Decisión del auditor">
      <fieldset className={mesa.decisiones}>
        <legend>Decisión (teclas A, P, O, R)</legend>
        {DECISIONES.map((d) => (
          <button
            key={d.decision}
            type="button"
            className={mesa.decisionBoton}
            aria-pressed={decision === d.decision}
            aria-keyshortcuts={d.tecla}
            onClick={() => onDecision(decision === d.decision ? null : d.decision)}
          >
            <kbd>{d.tecla}</kbd> {d.texto}
          </button>
        ))}
      </fieldset>
      {decision === 'aprobar_parcial' && (
        <fieldset className={mesa.itemsDecision}>
          <legend>Prestaciones que aprueba</legend>
          {a.items.map((i) => (
            <Checkbox
              key={i.id}
              label={`${i.codigo} ${i.nombre} — ${lugarDeLinea(i)}`}
              checked={items.includes(i.id)}
              onChange={(e) =>
                setItems((xs) => (e.target.checked ? [...xs, i.id] : xs.filter((x) => x !== i.id)))
              }
            />
          ))}
        </fieldset>
      )}
      {pideMotivo && (
        <Select
          ref={motivoRef}
          label="Motivo"
          placeholder="Elija el motivo"
          options={MOTIVO_OPTIONS}
          value={motivo}
          onChange={(e) => setMotivo(e.target.value as MotivoAuditoria | '')}
        />
      )}
      {decision && (
        <TextArea
          ref={notaRef}
          label={decision === 'observar' ? 'Qué debe enviar o responder el profesional' : 'Nota (opcional)'}
          placeholder={decision === 'observar' ? 'Adjunte Rx periapical de 36' : undefined}
          rows={2}
          maxLength={2000}
          value={nota}
          onChange={(e) => setNota(e.target.value)}
          onKeyDown={(e) => {
            // Enter sends, as in the rest of the form; Shift+Enter writes a new line.
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              e.currentTarget.form?.requestSubmit();
            }
          }}
        />
      )}
      {error && (
        <p className={styles.formError} role="alert" id={errorId}>
          {error}
        </p>
      )}
      {decidir.isError && <Alert>{errorMessage(decidir.error)}</Alert>}
      {decision && (
        <div className={styles.acciones}>
          <Button type="submit" isLoading={decidir.isPending}>
            Registrar decisión
          </Button>
          <Button variant="secondary" onClick={() => onDecision(null)}>
            Cancelar
          </Button>
        </div>
      )}
    </form>
  );
}
