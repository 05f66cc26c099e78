import {
  formatImporte,
  ORIGEN_DEBITO_LABELS,
  periodoText,
  REQUIREMENTS,
  relojAutorizacion,
  TABLERO_ESTADO_LABELS,
  type TableroCierre,
  type Tablero as TableroData,
} from '@red-dental/contracts';
import { lazy, type ReactNode, Suspense } from 'react';
import { generatePath, Link } from 'react-router';
import { CoverageMap } from '@/components/maps/coverage-map/index.ts';
import { Alert } from '@/components/ui/alert/index.ts';
import { type Column, DataTable, useCardsOnSmallScreens } from '@/components/ui/data-table/index.ts';
import { PageLoading } from '@/components/ui/page-status/index.ts';
import { Panel } from '@/components/ui/panel/index.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { formatMomentDate, formatNumber } from '@/lib/format.ts';
import { PATHS } from '@/lib/paths.ts';
import { useCan } from '@/lib/permissions.ts';
import { useCanOpen } from '@/lib/use-can-open.ts';
import { useTablero } from '../api/get-tablero.ts';
import styles from './tablero.module.css';

const BarChart = lazy(() => import('./bar-chart.tsx'));

/** The affiliate list filtered to one insurer (or to all, for affiliates without one). */
const afiliadosOf = (obraSocialId: number | null) =>
  obraSocialId === null ? PATHS.afiliados : `${PATHS.afiliados}?obraSocialId=${obraSocialId}`;

/** '30 %', '33,3 %'; '-' of nothing. */
function percent(part: number, whole: number): string {
  if (whole === 0) return '-';
  const value = (part / whole) * 100;
  return `${formatNumber(value, Number.isInteger(value) ? 0 : 1)} %`;
}

/** A figure that leads to the list behind it, when the user may open that list. */
function Figure({ to, value, label, hint }: { to: string; value: number; label: string; hint?: string }) {
  const canOpen = useCanOpen();
  const content = (
    <>
      <span className={styles.value}>{formatNumber(value)}</span>{' '}
      <span className={styles.label}>{label}</span>
      {hint && (
        <>
          {' '}
          <span className={styles.hint}>{hint}</span>
        </>
      )}
    </>
  );
  if (!canOpen(to)) return <p className={styles.figure}>{content}</p>;
  return (
    <Link to={to} className={styles.figure}>
      {content}
    </Link>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `tablero-${title.toLowerCase().replaceAll(/[^a-z]+/g, '-')}`;
  return (
    <Panel className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.heading}>
        {title}
      </h2>
      {children}
    </Panel>
  );
}

type Insurer = TableroData['afiliados']['porObraSocial'][number];
type Closing = TableroCierre['periodos'][number];
type ClosingInsurer = Closing['porObraSocial'][number] & { periodo: string };
type DebitReason = TableroCierre['motivos'][number];
type DaysToPay = Closing['pagoProfesionales'];
type Sent = TableroData['notificaciones']['ultimas'][number];
type Locality = TableroData['localidades'][number];
type Observed = TableroData['confirmaciones']['porProfesional'][number];

/** The insurers' table; a name leads to its affiliates for who keeps the registry (the filter is theirs). */
const insurerColumns = (keepsRegistry: boolean): Column<Insurer>[] => [
  {
    id: 'nombre',
    header: 'Obra social',
    isPrimary: true,
    cell: (o) => (keepsRegistry ? <Link to={afiliadosOf(o.obraSocialId)}>{o.nombre}</Link> : o.nombre),
  },
  {
    id: 'afiliados',
    header: 'Afiliados',
    align: 'end',
    isPrimary: true,
    cell: (o) => formatNumber(o.afiliados),
  },
];

const SENT_COLUMNS: Column<Sent>[] = [
  {
    id: 'fecha',
    header: 'Fecha',
    cell: (n) => <span className={styles.nowrap}>{formatMomentDate(n.createdAt)}</span>,
  },
  { id: 'titulo', header: 'Título', isPrimary: true, cell: (n) => n.title },
  {
    id: 'leida',
    header: 'Leída por',
    isPrimary: true,
    cell: (n) =>
      `${formatNumber(n.readCount)} de ${formatNumber(n.recipientCount)} (${percent(n.readCount, n.recipientCount)})`,
  },
];

/** The dentists whose patients said otherwise; a name leads to those answers for who reviews them. */
const observedColumns = (canOpen: (to: string) => boolean): Column<Observed>[] => [
  {
    id: 'profesional',
    header: 'Profesional',
    isPrimary: true,
    cell: (o) => {
      const to = `${PATHS.afiliadosConfirmaciones}?profesionalId=${o.profesionalId}`;
      return canOpen(to) ? <Link to={to}>{o.nombre}</Link> : o.nombre;
    },
  },
  {
    id: 'observadas',
    header: 'Observadas en 12 meses',
    align: 'end',
    isPrimary: true,
    cell: (o) => formatNumber(o.observadas),
  },
  { id: 'pendientes', header: 'Sin revisar', align: 'end', cell: (o) => formatNumber(o.pendientes) },
];

const LOCALITY_COLUMNS: Column<Locality>[] = [
  { id: 'localidad', header: 'Localidad', isPrimary: true, cell: (l) => l.localidad },
  {
    id: 'profesionales',
    header: 'Profesionales',
    align: 'end',
    isPrimary: true,
    cell: (l) => formatNumber(l.profesionales),
  },
  {
    id: 'obrasSociales',
    header: 'Obras sociales aceptadas',
    align: 'end',
    cell: (l) => formatNumber(l.obrasSociales),
  },
  {
    id: 'afiliados',
    header: 'Afiliados de esas obras sociales',
    align: 'end',
    cell: (l) => formatNumber(l.afiliadosCubiertos),
  },
];

/** A month that leads to its closing's page, for who may open it. */
function ClosingMonth({ periodo }: { periodo: string }) {
  const canOpen = useCanOpen();
  const to = generatePath(PATHS.cierrePeriodo, { periodo });
  return canOpen(to) ? <Link to={to}>{periodoText(periodo)}</Link> : periodoText(periodo);
}

const days = (n: number) => (n === 1 ? '1 día' : `${formatNumber(n)} días`);

/** '25,5 días en promedio (máx. 30); 1 sin cobrar, desde hace 40 días'; '-' of nothing. */
function daysToPayText(d: DaysToPay, unpaid: string): string {
  const parts: string[] = [];
  if (d.promedioDias !== null && d.maximoDias !== null) {
    const average = formatNumber(d.promedioDias, Number.isInteger(d.promedioDias) ? 0 : 1);
    parts.push(
      `${average} ${d.promedioDias === 1 ? 'día' : 'días'} en promedio (máx. ${formatNumber(d.maximoDias)})`,
    );
  }
  if (d.pendientes > 0 && d.pendienteDias !== null)
    parts.push(
      `${formatNumber(d.pendientes)} ${unpaid}, ${d.pendienteDias === 0 ? 'desde hoy' : `desde hace ${days(d.pendienteDias)}`}`,
    );
  return parts.length > 0 ? parts.join('; ') : '-';
}

const amount = (centavos: number) => <span className={styles.amount}>{formatImporte(centavos)}</span>;

/** A long column name that may wrap in its header, so that a wide table still fits beside the menu. */
const wrapping = (label: string) => ({ header: <span className={styles.wrap}>{label}</span>, label });

const CLOSING_COLUMNS: Column<Closing>[] = [
  { id: 'periodo', header: 'Período', cell: (p) => <ClosingMonth periodo={p.periodo} /> },
  {
    id: 'automatica',
    header: 'Aprobación automática',
    align: 'end',
    cell: (p) => (
      <>
        {percent(p.aprobadasAutomaticamente, p.lineas)}{' '}
        <span className={styles.hint}>
          ({formatNumber(p.aprobadasAutomaticamente)} de {formatNumber(p.lineas)})
        </span>
      </>
    ),
  },
  { id: 'alarmas', header: 'Alarmas', align: 'end', cell: (p) => formatNumber(p.alarmas) },
  {
    id: 'profesionales',
    header: 'Pago a profesionales',
    cell: (p) => daysToPayText(p.pagoProfesionales, 'sin pagar'),
  },
  {
    id: 'obrasSociales',
    header: 'Cobro a obras sociales',
    cell: (p) => daysToPayText(p.cobroObrasSociales, 'sin cobrar'),
  },
];

const CLOSING_INSURER_COLUMNS: Column<ClosingInsurer>[] = [
  { id: 'periodo', header: 'Período', cell: (o) => periodoText(o.periodo) },
  { id: 'obraSocial', header: 'Obra social', cell: (o) => o.nombre },
  { id: 'presentado', header: 'Presentado', align: 'end', cell: (o) => amount(o.presentado) },
  { id: 'aprobado', header: 'Aprobado', align: 'end', cell: (o) => amount(o.aprobado) },
  {
    id: 'debitadoRed',
    ...wrapping('Debitado por la red'),
    align: 'end',
    cell: (o) => amount(o.debitadoRed),
  },
  {
    id: 'debitadoObraSocial',
    ...wrapping('Debitado por la obra social'),
    align: 'end',
    cell: (o) => amount(o.debitadoObraSocial),
  },
];

const DEBIT_REASON_COLUMNS: Column<DebitReason>[] = [
  { id: 'motivo', header: 'Motivo', cell: (m) => (m.codigo === null ? m.texto : `${m.codigo} · ${m.texto}`) },
  { id: 'origen', header: 'Debitado por', cell: (m) => ORIGEN_DEBITO_LABELS[m.origen] },
  { id: 'cantidad', header: 'Cantidad', align: 'end', cell: (m) => formatNumber(m.cantidad) },
  { id: 'importe', header: 'Importe', align: 'end', cell: (m) => amount(m.importe) },
];

/**
 * The last closed months: each one's figures, what each insurer was presented, billed and
 * debited, and why. On a phone each row is a card, every figure in sight.
 */
function Closings({ cierre }: { cierre: TableroCierre }) {
  const n = cierre.periodos.length;
  const closingColumns = useCardsOnSmallScreens(CLOSING_COLUMNS, { key: 'periodo' });
  const insurerColumns = useCardsOnSmallScreens(CLOSING_INSURER_COLUMNS, { key: 'obraSocial' });
  const reasonColumns = useCardsOnSmallScreens(DEBIT_REASON_COLUMNS, { key: 'motivo' });
  return (
    <Section title="Cierres del mes">
      <p className={styles.summary}>
        {n === 0
          ? 'Todavía no se cerró ningún mes.'
          : `${n === 1 ? 'El último mes cerrado' : `Los últimos ${formatNumber(n)} meses cerrados`}. Presentado: el arancel de las líneas que presentó el cierre; aprobado: lo facturado en sus lotes; automática: las líneas aprobadas por las reglas, sin auditor. La meta de alarmas es cero.`}
      </p>
      <div className={styles.part}>
        <h3 className={styles.subheading}>Por período</h3>
        <DataTable
          paging="client"
          label="Cierres por período"
          columns={closingColumns}
          rows={cierre.periodos}
          getRowId={(p) => p.periodo}
        />
      </div>
      <div className={styles.part}>
        <h3 className={styles.subheading}>Por obra social</h3>
        <DataTable
          paging="client"
          label="Importes por período y obra social"
          columns={insurerColumns}
          rows={cierre.periodos.flatMap((p) => p.porObraSocial.map((o) => ({ ...o, periodo: p.periodo })))}
          getRowId={(o) => `${o.periodo}-${o.obraSocialId}`}
        />
      </div>
      <div className={styles.part}>
        <h3 className={styles.subheading}>Motivos de débito</h3>
        <DataTable
          paging="client"
          label="Motivos de débito"
          columns={reasonColumns}
          rows={cierre.motivos}
          getRowId={(m) => `${m.origen}-${m.codigo ?? ''}`}
        />
      </div>
    </Section>
  );
}

/**
 * `/tablero`: the network as a whole for staff who keep affiliates or
 * professionals, and the month's closings for who closes them. Every figure
 * leads to the list behind it; the chart's numbers are also in a table.
 */
export function Tablero() {
  const tablero = useTablero();
  const keepsRegistry = useCan(REQUIREMENTS.AFILIADOS_REGISTRY);
  const canOpen = useCanOpen();
  if (tablero.isPending) return <PageLoading />;
  if (tablero.isError) return <Alert>{errorMessage(tablero.error)}</Alert>;
  const t = tablero.data;
  const aprobados = t.profesionales.porEstado.find((e) => e.estado === 'active')?.cantidad ?? 0;
  const n = t.notificaciones;
  return (
    <div className={styles.page}>
      <Panel className={styles.figures} aria-label="Resumen de la red">
        <Figure to={PATHS.afiliados} value={t.afiliados.total} label="Afiliados" />
        <Figure
          to={PATHS.profesionales}
          value={aprobados}
          label={TABLERO_ESTADO_LABELS.active}
          hint="Profesionales en la cartilla"
        />
        <Figure
          to={PATHS.profesionalesSolicitudes}
          value={t.profesionales.solicitudesPendientes}
          label="Solicitudes pendientes"
        />
        <Figure
          to={PATHS.profesionalesReportes}
          value={t.reportesAbiertos}
          label="Reportes de datos abiertos"
        />
        <Figure
          to={`${PATHS.profesionales}?sinConfirmar=1`}
          value={t.profesionales.sinConfirmar}
          label="Datos sin confirmar"
          hint="Hace más de 90 días"
        />
        <Figure
          to={PATHS.afiliadosConfirmaciones}
          value={t.confirmaciones.pendientes}
          label="Respuestas observadas"
          hint="Confirmaciones sin revisar"
        />
      </Panel>

      <div className={styles.columns}>
        <Section title="Afiliados por obra social">
          {t.afiliados.porObraSocial.length > 0 && (
            <Suspense fallback={null}>
              <BarChart
                label={`Afiliados por obra social: ${t.afiliados.porObraSocial
                  .map((o) => `${o.nombre}, ${formatNumber(o.afiliados)}`)
                  .join('; ')}`}
                bars={t.afiliados.porObraSocial
                  .slice(0, 12)
                  .map((o) => ({ label: o.nombre, value: o.afiliados }))}
              />
            </Suspense>
          )}
          <DataTable
            paging="client"
            label="Afiliados por obra social"
            columns={insurerColumns(keepsRegistry)}
            rows={t.afiliados.porObraSocial}
            getRowId={(o) => o.obraSocialId ?? 0}
          />
        </Section>

        <Section title="Notificaciones de los últimos 90 días">
          <p className={styles.summary}>
            {formatNumber(n.enviadas)} enviadas a {formatNumber(n.destinatarios)} destinatarios; leídas{' '}
            {formatNumber(n.leidas)} ({percent(n.leidas, n.destinatarios)}).
            {canOpen(PATHS.notificaciones) && (
              <>
                {' '}
                <Link to={PATHS.notificaciones}>Ver notificaciones</Link>
              </>
            )}
          </p>
          <DataTable
            paging="client"
            label="Últimas notificaciones"
            columns={SENT_COLUMNS}
            rows={n.ultimas}
            getRowId={(x) => x.id}
          />
        </Section>
      </div>

      <Section title="Autorizaciones previas">
        <p className={styles.summary}>
          {formatNumber(t.autorizaciones.abiertas)} esperan al auditor (en revisión u observadas).
          {t.autorizaciones.masAntigua &&
            ` La que más espera: ${t.autorizaciones.masAntigua.numero}, pedida el ${formatMomentDate(t.autorizaciones.masAntigua.pedida)}; ${relojAutorizacion({ estado: 'en_revision', ...t.autorizaciones.masAntigua }, new Date())?.replace(/^En revisión d/, 'd')}.`}
        </p>
        <p className={styles.summary}>
          En los últimos 90 días: {formatNumber(t.autorizaciones.aTiempo)} de{' '}
          {formatNumber(t.autorizaciones.respuestas)} respuestas del auditor a tiempo (
          {percent(t.autorizaciones.aTiempo, t.autorizaciones.respuestas)}), y{' '}
          {formatNumber(t.autorizaciones.porRegla)} aprobadas al instante por las reglas del plan.
        </p>
      </Section>

      {t.cierre && <Closings cierre={t.cierre} />}

      <Section title="Confirmaciones observadas por profesional">
        <p className={styles.summary}>
          Atenciones que el afiliado dijo que no ocurrieron, o en las que le cobraron más que el coseguro, en
          los últimos 12 meses.
        </p>
        <DataTable
          paging="client"
          label="Confirmaciones observadas por profesional"
          columns={observedColumns(canOpen)}
          rows={t.confirmaciones.porProfesional}
          getRowId={(o) => o.profesionalId}
        />
      </Section>

      <Section title="Cobertura por localidad">
        <p className={styles.summary}>
          Profesionales aprobados por localidad, las obras sociales que aceptan entre todos y cuántos
          afiliados tienen esas obras sociales.
        </p>
        <CoverageMap
          label="Mapa de profesionales por localidad"
          places={t.localidades.flatMap((l) =>
            l.lat === null || l.long === null
              ? []
              : [
                  {
                    name: l.localidad,
                    lat: l.lat,
                    long: l.long,
                    count: l.profesionales,
                    description: `${l.localidad}: ${formatNumber(l.profesionales)} profesionales, ${formatNumber(l.obrasSociales)} obras sociales, ${formatNumber(l.afiliadosCubiertos)} afiliados`,
                  },
                ],
          )}
        />
        <DataTable
          paging="client"
          label="Cobertura por localidad"
          columns={LOCALITY_COLUMNS}
          rows={t.localidades}
          getRowId={(l) => l.localidad}
        />
      </Section>
    </div>
  );
}
