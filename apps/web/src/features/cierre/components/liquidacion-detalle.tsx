import {
  DEBITOS,
  ESTADO_LINEA_LABELS,
  formatFecha,
  type Liquidacion,
  type LiquidacionItem,
  lugarDeLinea,
  PERMISSIONS,
  periodoText,
} from '@red-dental/contracts';
import { useState } from 'react';
import { type Column, DataTable, useCardsOnSmallScreens } from '@/components/ui/data-table/index.ts';
import { Panel } from '@/components/ui/panel/index.ts';
import { formatMomentTime } from '@/lib/format.ts';
import { useCan } from '@/lib/permissions.ts';
import listPage from '@/styles/list-page.module.css';
import { useAbrirEstadoDeCuenta } from '../api/cierre.ts';
import styles from './cierre.module.css';
import { Importe, pagoText } from './importe.tsx';
import { PasoPrestadorModal } from './paso-prestador-modal.tsx';

/** A line of the settlement still debited as it stands now (rejected, or paid in part), never reconsidered. */
const reconsiderable = (i: LiquidacionItem) =>
  i.tipo === 'prestacion' &&
  !i.reconsiderada &&
  i.debito > 0 &&
  (i.estado === 'rechazada' || i.estado === 'facturada' || i.estado === 'aprobada_parcial');

/** Why the line was paid less, in words: the rules' or the auditor's reason, and the auditor's note. */
function Motivo({ item: i }: { item: LiquidacionItem }) {
  if (i.tipo === 'reintegro') return <span>Reconsideración aprobada: se paga lo debitado</span>;
  if (i.tipo === 'extrapolacion') return <span>{i.motivoText}</span>;
  if (i.tipo === 'debito_os')
    return <span>Débito de la obra social: {i.motivoText ?? DEBITOS[i.motivo!]}</span>;
  if (!i.motivo && !i.nota) return null;
  return (
    <span className={styles.stack}>
      {i.motivoText && <span>{i.motivoText}</span>}
      {i.motivo && <span className={styles.muted}>{DEBITOS[i.motivo]}</span>}
      {i.nota && <span className={styles.muted}>Nota del auditor: {i.nota}</span>}
    </span>
  );
}

/**
 * The statement as a PDF, as it was published to the dentist: she opens it
 * (which marks its notification read); staff see whether and when she did.
 */
function EstadoDeCuenta({ liquidacion: q, propia }: { liquidacion: Liquidacion; propia: boolean }) {
  const abrir = useAbrirEstadoDeCuenta();
  const e = q.estadoDeCuenta;
  if (!e)
    return q.estadoDeCuentaPendiente ? (
      <p className={styles.muted}>El estado de cuenta en PDF se publica en unos instantes.</p>
    ) : null;
  return (
    <p className={styles.estadoDeCuenta}>
      <a
        href={e.url}
        target="_blank"
        rel="noopener"
        onClick={() => {
          if (propia && !e.leidoAt) abrir.mutate(e.notificacionId);
        }}
      >
        Estado de cuenta (PDF)
      </a>
      {!propia && (
        <span className={styles.muted}>
          {e.leidoAt
            ? `El prestador lo abrió el ${formatMomentTime(e.leidoAt)}`
            : `Publicado el ${formatMomentTime(e.publicadoAt)}: el prestador todavía no lo abrió`}
        </span>
      )}
    </p>
  );
}

/**
 * `/liquidaciones/:id`: one settlement, line by line, as the dentist checks
 * it: the fee, the copay she collected, the débito with its reason in words
 * and the auditor's note, and what she is paid.
 */
export function LiquidacionDetalle({ liquidacion: q }: { liquidacion: Liquidacion }) {
  // Only the dentist asks for a reconsideration of her own lines (staff read the same screen).
  const propia = useCan(PERMISSIONS.PRESTACIONES_VALIDATE);
  const [reconsiderando, setReconsiderando] = useState<LiquidacionItem | null>(null);
  const columns: Column<LiquidacionItem>[] = [
    {
      id: 'atencion',
      header: 'Atención',
      cell: (i) => (
        <span className={styles.stack}>
          <span>{formatFecha(i.fecha)}</span>
          <span className={`${styles.muted} ${styles.mono}`}>{i.codigoValidacion}</span>
        </span>
      ),
    },
    { id: 'afiliado', header: 'Paciente', cell: (i) => i.afiliado },
    {
      id: 'prestacion',
      header: 'Prestación',
      isPrimary: true,
      cell: (i) => (
        <span className={styles.stack}>
          <span>
            {i.codigo} {i.nombre}
          </span>
          <span className={styles.muted}>{lugarDeLinea(i)}</span>
        </span>
      ),
    },
    { id: 'importe', header: 'Arancel', align: 'end', cell: (i) => <Importe centavos={i.importe} /> },
    { id: 'coseguro', header: 'Coseguro', align: 'end', cell: (i) => <Importe centavos={i.coseguro} /> },
    { id: 'debito', header: 'Débito', align: 'end', cell: (i) => <Importe centavos={i.debito} debito /> },
    {
      id: 'motivo',
      header: 'Motivo',
      isPrimary: true,
      cell: (i) => (
        <span className={styles.stack}>
          <Motivo item={i} />
          {propia && reconsiderable(i) && (
            <button type="button" className={styles.linkButton} onClick={() => setReconsiderando(i)}>
              Pedir reconsideración
            </button>
          )}
        </span>
      ),
    },
    { id: 'neto', header: 'Neto', align: 'end', isPrimary: true, cell: (i) => <Importe centavos={i.neto} /> },
    { id: 'estado', header: 'Estado', cell: (i) => ESTADO_LINEA_LABELS[i.estado] },
  ];
  // On a phone each line is a card: the fee, the débito and its reason in sight without scrolling sideways.
  const shown = useCardsOnSmallScreens(columns, { key: 'prestacion' });
  return (
    <div className={listPage.page}>
      <Panel className={styles.seccion} aria-labelledby="liquidacion">
        <h2 id="liquidacion" className={styles.heading}>
          Liquidación de {periodoText(q.periodo)}
        </h2>
        <p className={styles.muted}>
          {q.profesional.nombre}. Emitida el {formatFecha(q.emitidaEl)}. {pagoText(q.pagadaEl, q.diasAPagar)}.
        </p>
        <EstadoDeCuenta liquidacion={q} propia={propia} />
        <dl className={styles.cifras}>
          <div>
            <dt>Aranceles</dt>
            <dd>
              <Importe centavos={q.bruto} />
            </dd>
          </div>
          <div>
            <dt>Coseguros cobrados</dt>
            <dd>
              <Importe centavos={q.coseguros} />
            </dd>
          </div>
          <div>
            <dt>Débitos</dt>
            <dd>
              <Importe centavos={q.debitos} debito />
            </dd>
          </div>
          <div>
            <dt>A cobrar</dt>
            <dd>
              <Importe centavos={q.neto} />
            </dd>
          </div>
        </dl>
      </Panel>
      <Panel className={styles.seccion} aria-labelledby="lineas">
        <h2 id="lineas" className={styles.heading}>
          Línea por línea
        </h2>
        <DataTable
          paging="client"
          label="Líneas de la liquidación"
          columns={shown}
          rows={q.items}
          getRowId={(i) => i.id}
        />
      </Panel>
      {reconsiderando && (
        <PasoPrestadorModal
          paso="reconsideracion"
          lineaId={reconsiderando.lineaId}
          descripcion={`${reconsiderando.codigo} ${reconsiderando.nombre}, ${lugarDeLinea(reconsiderando)}, del ${formatFecha(reconsiderando.fecha)}: ${reconsiderando.motivoText ?? 'debitada'}. Se pide una sola vez.`}
          onClose={() => setReconsiderando(null)}
        />
      )}
    </div>
  );
}
