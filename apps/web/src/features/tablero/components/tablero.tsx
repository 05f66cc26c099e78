import {
  REQUIREMENTS,
  relojAutorizacion,
  TABLERO_ESTADO_LABELS,
  type Tablero as TableroData,
} from '@red-dental/contracts';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link } from 'react-router';
import { CoverageMap } from '@/components/maps/coverage-map/index.ts';
import { Alert } from '@/components/ui/alert/index.ts';
import { type Column, DataTable } from '@/components/ui/data-table/index.ts';
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

/**
 * `/tablero`: the network as a whole for staff who keep affiliates or
 * professionals. Every figure leads to the list behind it; the chart's
 * numbers are also in a table.
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
