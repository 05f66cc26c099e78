import type { ProfesionalOption } from '@red-dental/contracts';
import { ProfessionalSearch } from '@/components/lookups/professional-search/index.ts';
import { CloseIcon } from '@/components/ui/icons/index.ts';
import styles from './crear-notificacion.module.css';

/** Professionals picked by name, shown as chips that can be taken away. */
export function ProfesionalesPicker({
  value,
  onChange,
}: {
  value: ProfesionalOption[];
  onChange: (next: ProfesionalOption[]) => void;
}) {
  return (
    <div className={styles.picker}>
      <ProfessionalSearch
        label="Profesionales"
        excludeIds={value.map((p) => p.id)}
        onSelect={(p) => onChange([...value, p])}
      />
      {value.length > 0 && (
        <ul className={styles.chips} aria-label="Profesionales elegidos">
          {value.map((p) => (
            <li key={p.id} className={styles.chip}>
              <span>{p.nombre}</span>
              <button
                type="button"
                aria-label={`Quitar a ${p.nombre}`}
                onClick={() => onChange(value.filter((x) => x.id !== p.id))}
              >
                <CloseIcon size={14} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className={styles.hint}>
        Los profesionales elegidos por nombre se suman a los que cumplen los filtros.
      </p>
    </div>
  );
}
