import {
  formatFecha,
  networkClock,
  type PeriodoResumen,
  periodoSiguiente,
  periodoText,
} from '@red-dental/contracts';
import { useState } from 'react';
import { generatePath, Link, useNavigate } from 'react-router';
import { Badge } from '@/components/ui/badge/index.ts';
import { Button } from '@/components/ui/button/index.ts';
import { type Column, DataTable } from '@/components/ui/data-table/index.ts';
import { ListPanel } from '@/components/ui/list-panel/index.ts';
import { formatCount } from '@/lib/format.ts';
import { PATHS } from '@/lib/paths.ts';
import listPage from '@/styles/list-page.module.css';
import { usePeriodos } from '../api/cierre.ts';
import { CerrarPeriodoModal } from './cerrar-periodo-modal.tsx';
import styles from './cierre.module.css';
import { Importe } from './importe.tsx';

/**
 * The month the next closing is for: the one after the last closed, or the
 * oldest with lines waiting when none was ever closed.
 */
export function proximoCierre(periodos: readonly PeriodoResumen[]): string | undefined {
  const cerrado = periodos.find((p) => p.estado === 'cerrado');
  if (cerrado) return periodoSiguiente(cerrado.periodo);
  return periodos.at(-1)?.periodo;
}

/**
 * `/cierre`: the network's months, open and closed, with what each closing
 * presented, paid and debited; the next month to close, once it is over.
 */
export function PeriodosCierre() {
  const periodos = usePeriodos();
  const navigate = useNavigate();
  const [cerrando, setCerrando] = useState<string | null>(null);
  const hoy = networkClock(new Date()).date;
  const proximo = periodos.data && proximoCierre(periodos.data);
  const desde = proximo && `${periodoSiguiente(proximo)}-01`;

  const columns: Column<PeriodoResumen>[] = [
    {
      id: 'periodo',
      header: 'Período',
      isPrimary: true,
      cell: (p) => (
        <Link to={generatePath(PATHS.cierrePeriodo, { periodo: p.periodo })}>{periodoText(p.periodo)}</Link>
      ),
    },
    {
      id: 'estado',
      header: 'Estado',
      isPrimary: true,
      cell: (p) =>
        p.estado === 'cerrado' ? (
          <span className={styles.stack}>
            <Badge tone="success">Cerrado</Badge>
            <span className={styles.muted}>el {formatFecha(p.cerradoEl!)}</span>
          </span>
        ) : (
          <span className={styles.stack}>
            <Badge>Abierto</Badge>
            <span className={styles.muted}>se cierra desde el {formatFecha(p.cierraDesde)}</span>
          </span>
        ),
    },
    {
      id: 'lineas',
      header: 'Prestaciones',
      align: 'end',
      cell: (p) =>
        p.estado === 'cerrado'
          ? p.lineas.presentadas
          : formatCount(p.lineas.presentadas, 'validada', 'validadas'),
    },
    {
      id: 'presentado',
      header: 'Presentado',
      align: 'end',
      cell: (p) => <Importe centavos={p.importes.presentado} />,
    },
    {
      id: 'aprobado',
      header: 'Aprobado',
      align: 'end',
      cell: (p) => (p.estado === 'cerrado' ? <Importe centavos={p.importes.aprobado} /> : '—'),
    },
    {
      id: 'debitado',
      header: 'Débitos',
      align: 'end',
      cell: (p) => (p.estado === 'cerrado' ? <Importe centavos={p.importes.debitado} debito /> : '—'),
    },
    {
      id: 'auditoria',
      header: 'En auditoría',
      align: 'end',
      cell: (p) => (p.estado === 'cerrado' ? p.lineas.enAuditoria : '—'),
    },
    {
      id: 'alarmas',
      header: 'Alarmas',
      align: 'end',
      cell: (p) =>
        p.alarmas > 0 ? <Badge tone="warning">{p.alarmas}</Badge> : p.estado === 'cerrado' ? '0' : '—',
    },
  ];

  return (
    <div className={listPage.page}>
      <ListPanel
        title="Cierre del mes"
        actions={
          proximo &&
          desde &&
          (desde <= hoy ? (
            <Button onClick={() => setCerrando(proximo)}>Cerrar {periodoText(proximo)}</Button>
          ) : (
            <span className={styles.proximo}>
              {periodoText(proximo).replace(/^./, (c) => c.toUpperCase())} se cierra desde el{' '}
              {formatFecha(desde)}
            </span>
          ))
        }
      >
        <p className={styles.intro}>
          Cerrar un mes presenta cada prestación validada hasta su último día, aplica las reglas de nuevo a la
          fecha de cada una, aprueba las limpias salvo la muestra para la auditoría odontológica, liquida a
          cada prestador y arma el lote de cada obra social. Los meses se cierran en orden, una sola vez.
        </p>
        <DataTable
          paging="client"
          label="Períodos"
          columns={columns}
          rows={periodos.data}
          getRowId={(p) => p.periodo}
          isLoading={periodos.isFetching}
          error={periodos.error}
        />
      </ListPanel>
      {cerrando && (
        <CerrarPeriodoModal
          periodo={cerrando}
          onClose={() => setCerrando(null)}
          onCerrado={() => navigate(generatePath(PATHS.cierrePeriodo, { periodo: cerrando }))}
        />
      )}
    </div>
  );
}
