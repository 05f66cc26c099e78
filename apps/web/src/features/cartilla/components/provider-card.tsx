import { type CartillaProfesional, currentAusencia } from '@red-dental/contracts';
import type { Ref } from 'react';
import { Button } from '@/components/ui/button/index.ts';
import { AlertIcon, CheckCircleIcon } from '@/components/ui/icons/index.ts';
import { ChevronDownIcon, ClockIcon, MapIcon } from '@/components/ui/screen-icons/index.ts';
import { formatDayMonth, formatMomentDate, formatNumber } from '@/lib/format.ts';
import styles from './cartilla.module.css';
import { specialtiesOf } from './cartilla-filters.ts';

/** After this long without the provider confirming them, the card says the data may be old. */
const STALE_AFTER_MS = 180 * 86_400_000;

const isStale = (confirmedAt: string, now: Date) => now.getTime() - Date.parse(confirmedAt) > STALE_AFTER_MS;

export interface ProviderCardProps {
  profesional: CartillaProfesional;
  distanceKm: number | null;
  isExpanded: boolean;
  isSelected: boolean;
  /** On call or open at the moment the list was drawn. */
  isOnCall: boolean;
  isOpen: boolean;
  now: Date;
  onToggle: () => void;
  onShowSchedule: (kind: 'horarios' | 'guardias') => void;
  onReport: () => void;
  ref?: Ref<HTMLElement>;
}

/**
 * One provider of the directory. The heading is a button that expands the
 * card (and pans the map to it); collapsed it shows the address, expanded the
 * phone, address, floor and specialties, with the schedules and the report.
 */
export function ProviderCard({
  profesional: p,
  distanceKm,
  isExpanded,
  isSelected,
  isOnCall,
  isOpen,
  now,
  onToggle,
  onShowSchedule,
  onReport,
  ref,
}: ProviderCardProps) {
  const detailsId = `profesional-${p.id}-detalle`;
  const ausencia = currentAusencia(p.ausencias, now);
  return (
    <article
      ref={ref}
      className={styles.card}
      data-selected={isSelected || undefined}
      aria-labelledby={`profesional-${p.id}-nombre`}
    >
      <button
        type="button"
        className={styles.cardToggle}
        aria-expanded={isExpanded}
        aria-controls={detailsId}
        onClick={onToggle}
      >
        <span className={styles.cardTitle}>
          <span id={`profesional-${p.id}-nombre`} className={styles.cardName}>
            {p.nombre}
          </span>
          {p.razonSocial && <span className={styles.muted}>{p.razonSocial}</span>}
        </span>
        <ChevronDownIcon size={20} className={styles.chevron} />
      </button>

      <ul className={styles.badges} aria-label="Estado">
        {distanceKm !== null && (
          <li className={styles.badge}>
            <MapIcon size={14} /> a {formatNumber(distanceKm, distanceKm < 10 ? 1 : 0)} km
          </li>
        )}
        {isOpen && <li className={`${styles.badge} ${styles.badgeOk}`}>Atiende ahora</li>}
        {isOnCall && <li className={`${styles.badge} ${styles.badgeOk}`}>De guardia ahora</li>}
        {ausencia && (
          <li className={`${styles.badge} ${styles.badgeWarn}`}>
            <AlertIcon size={14} /> Ausente hasta {formatDayMonth(ausencia.hasta)}
          </li>
        )}
        {!p.aceptaNuevosPacientes && <li className={styles.badge}>No toma pacientes nuevos</li>}
      </ul>

      {!isExpanded && <p className={styles.address}>{p.direccion || 'Sin dirección cargada'}</p>}

      <div id={detailsId} hidden={!isExpanded} className={styles.details}>
        <dl className={styles.facts}>
          <div>
            <dt>Teléfono</dt>
            <dd>
              {p.telefono ? <a href={`tel:${p.telefono.replace(/[^\d+]/g, '')}`}>{p.telefono}</a> : '-'}
            </dd>
          </div>
          <div>
            <dt>Dirección</dt>
            <dd>{[p.direccion, p.localidad].filter(Boolean).join(' · ') || '-'}</dd>
          </div>
          <div>
            <dt>Piso/Depto./Extra</dt>
            <dd>{p.depto || '-'}</dd>
          </div>
          <div>
            <dt>Especialidades</dt>
            <dd>
              {specialtiesOf(p)
                .map((e) => e.nombre)
                .join(', ') || '-'}
            </dd>
          </div>
        </dl>
        <div className={styles.cardActions}>
          <Button
            size="sm"
            variant="secondary"
            icon={<ClockIcon size={16} />}
            onClick={() => onShowSchedule('horarios')}
          >
            Horarios
          </Button>
          <Button
            size="sm"
            variant="secondary"
            icon={<ClockIcon size={16} />}
            onClick={() => onShowSchedule('guardias')}
          >
            Guardias
          </Button>
          <Button size="sm" variant="none" className={styles.reportButton} onClick={onReport}>
            Informar un error
          </Button>
        </div>
      </div>

      {p.datosConfirmadosAt &&
        (isStale(p.datosConfirmadosAt, now) ? (
          <p className={styles.unconfirmed}>
            <AlertIcon size={14} /> Datos sin confirmar desde {formatMomentDate(p.datosConfirmadosAt)}
          </p>
        ) : (
          <p className={styles.verified}>
            <CheckCircleIcon size={14} /> Datos verificados al {formatMomentDate(p.datosConfirmadosAt)}
          </p>
        ))}
    </article>
  );
}
