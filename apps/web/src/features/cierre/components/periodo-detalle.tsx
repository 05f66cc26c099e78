import {
  type Alarma,
  DEBITOS,
  formatFecha,
  formatImporte,
  type LiquidacionFila,
  type Lote,
  lugarDeLinea,
  type Muestra,
  periodoText,
} from '@red-dental/contracts';
import { useState } from 'react';
import { generatePath, Link } from 'react-router';
import { ExportButton } from '@/components/exports/export-button/index.ts';
import { Badge } from '@/components/ui/badge/index.ts';
import { Button } from '@/components/ui/button/index.ts';
import { type Column, DataTable } from '@/components/ui/data-table/index.ts';
import { Panel } from '@/components/ui/panel/index.ts';
import { useToast } from '@/components/ui/toast/index.ts';
import { formatCount } from '@/lib/format.ts';
import { PATHS } from '@/lib/paths.ts';
import listPage from '@/styles/list-page.module.css';
import { exportLote, exportLoteFhir, useLiquidaciones, useLotes, usePeriodo } from '../api/cierre.ts';
import styles from './cierre.module.css';
import { DebitosLote } from './debitos-lote.tsx';
import { cobroText, Importe, pagoText } from './importe.tsx';
import { RegistrarPagoModal } from './registrar-pago-modal.tsx';

const mayuscula = (s: string) => s.replace(/^./, (c) => c.toUpperCase());

/** "Muestra: 5 % al azar (semilla 42), toda línea desde $ 150.000,00, prestadores con 2 veces la mediana o más". */
function muestraText(m: Muestra, semilla: number | null): string {
  return [
    `Muestra: ${m.porcentaje} % al azar${semilla === null ? '' : ` (semilla ${semilla})`}`,
    m.desde !== null ? `toda línea desde ${formatImporte(m.desde)}` : '',
    m.desvio !== null ? `prestadores con ${m.desvio} veces la mediana o más` : '',
  ]
    .filter(Boolean)
    .join(', ');
}

/** What a closing found that the chair had not said: each line waits for an auditor. */
function Alarmas({ alarmas }: { alarmas: readonly Alarma[] }) {
  const columns: Column<Alarma>[] = [
    { id: 'profesional', header: 'Prestador', isPrimary: true, cell: (a) => a.profesional.nombre },
    {
      id: 'atencion',
      header: 'Atención',
      cell: (a) => (
        <span className={styles.stack}>
          <span className={styles.mono}>{a.codigoValidacion}</span>
          <span className={styles.muted}>{formatFecha(a.fecha)}</span>
        </span>
      ),
    },
    {
      id: 'prestacion',
      header: 'Prestación',
      cell: (a) => `${a.codigo} ${a.nombre}, ${lugarDeLinea(a)}`,
    },
    {
      id: 'hallazgo',
      header: 'Lo que encontró el cierre',
      isPrimary: true,
      cell: (a) => (
        <span className={styles.stack}>
          <span>{a.mensaje}</span>
          <span className={styles.muted}>
            {a.debito}: {DEBITOS[a.debito]}
          </span>
        </span>
      ),
    },
  ];
  return (
    <section className={styles.seccion} aria-labelledby="alarmas">
      <h2 id="alarmas" className={styles.heading}>
        Alarmas
      </h2>
      {alarmas.length === 0 ? (
        <p className={styles.muted}>
          Sin alarmas: las reglas del cierre no encontraron nada que la atención no hubiera dicho.
        </p>
      ) : (
        <>
          <p className={styles.muted}>
            Las reglas del cierre encontraron en estas líneas lo que no dijeron en la atención: no se debitan
            solas, las decide un auditor.
          </p>
          <DataTable
            paging="client"
            label="Alarmas"
            columns={columns}
            rows={alarmas}
            getRowId={(a) => `${a.lineaId}-${a.debito}-${a.mensaje}`}
          />
        </>
      )}
    </section>
  );
}

/**
 * `/cierre/:periodo`: a month's closing. Its figures, its alarms, each
 * dentist's settlement and each insurer's lot, with their payments.
 */
export function PeriodoDetalle({ periodo }: { periodo: string }) {
  const resumen = usePeriodo(periodo);
  const liquidaciones = useLiquidaciones({ periodo });
  const lotes = useLotes({ periodo });
  const [pago, setPago] = useState<{ que: 'liquidaciones' | 'lotes'; id: number; titulo: string } | null>(
    null,
  );
  const p = resumen.data;
  const toast = useToast();
  const [debitos, setDebitos] = useState<Lote | null>(null);

  const columnasLiquidaciones: Column<LiquidacionFila>[] = [
    {
      id: 'profesional',
      header: 'Prestador',
      isPrimary: true,
      cell: (q) => (
        <Link to={generatePath(PATHS.liquidacion, { id: String(q.id) })}>{q.profesional.nombre}</Link>
      ),
    },
    { id: 'lineas', header: 'Líneas', align: 'end', cell: (q) => q.lineas },
    { id: 'bruto', header: 'Aranceles', align: 'end', cell: (q) => <Importe centavos={q.bruto} /> },
    { id: 'coseguros', header: 'Coseguros', align: 'end', cell: (q) => <Importe centavos={q.coseguros} /> },
    { id: 'debitos', header: 'Débitos', align: 'end', cell: (q) => <Importe centavos={q.debitos} debito /> },
    { id: 'neto', header: 'Neto', align: 'end', isPrimary: true, cell: (q) => <Importe centavos={q.neto} /> },
    {
      id: 'pago',
      header: 'Pago',
      cell: (q) => (
        <span className={styles.stack}>
          <span className={styles.muted}>{pagoText(q.pagadaEl, q.diasAPagar)}</span>
          {!q.pagadaEl && (
            <button
              type="button"
              className={styles.linkButton}
              onClick={() =>
                setPago({ que: 'liquidaciones', id: q.id, titulo: `Liquidación de ${q.profesional.nombre}` })
              }
            >
              Registrar pago
            </button>
          )}
        </span>
      ),
    },
  ];
  const columnasLotes: Column<Lote>[] = [
    {
      id: 'obraSocial',
      header: 'Obra social',
      isPrimary: true,
      cell: (l) => (
        <span className={styles.stack}>
          <span>{l.obraSocial.nombre}</span>
          <span className={styles.muted}>{l.convenio.nombre}</span>
        </span>
      ),
    },
    { id: 'factura', header: 'Factura', cell: (l) => <span className={styles.mono}>{l.numeroFactura}</span> },
    { id: 'lineas', header: 'Líneas', align: 'end', cell: (l) => l.lineas },
    {
      id: 'total',
      header: 'Total',
      align: 'end',
      isPrimary: true,
      cell: (l) => <Importe centavos={l.total} />,
    },
    { id: 'presentar', header: 'Presentar hasta', cell: (l) => formatFecha(l.presentarAntes) },
    {
      id: 'detalle',
      header: 'Detalle',
      cell: (l) => (
        <span className={styles.acciones}>
          <ExportButton
            failure="No se pudo descargar el detalle del lote"
            onExport={(format, onProgress) => exportLote(l, format, onProgress)}
          />
          <Button variant="secondary" size="sm" onClick={() => setDebitos(l)}>
            Débitos
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={() =>
              void exportLoteFhir(l).catch(() => toast.error('No se pudo descargar el lote en FHIR'))
            }
          >
            FHIR
          </Button>
        </span>
      ),
    },
    {
      id: 'pago',
      header: 'Cobro',
      cell: (l) => (
        <span className={styles.stack}>
          <span className={styles.muted}>{cobroText(l.pagadoEl, l.diasAPagar)}</span>
          {!l.pagadoEl && (
            <button
              type="button"
              className={styles.linkButton}
              onClick={() =>
                setPago({
                  que: 'lotes',
                  id: l.id,
                  titulo: `Lote ${l.numeroFactura} de ${l.obraSocial.nombre}`,
                })
              }
            >
              Registrar pago
            </button>
          )}
        </span>
      ),
    },
  ];

  return (
    <div className={listPage.page}>
      <Panel className={styles.seccion} aria-labelledby="periodo">
        <h2 id="periodo" className={styles.heading}>
          {mayuscula(periodoText(periodo))}
        </h2>
        {p &&
          (p.estado === 'cerrado' ? (
            <p className={styles.muted}>
              Cerrado el {formatFecha(p.cerradoEl!)}
              {p.cerradoPor ? ` por ${p.cerradoPor}` : ''}.
              {p.muestra && ` ${muestraText(p.muestra, p.semilla)}.`}
            </p>
          ) : (
            <p className={styles.muted}>
              Abierto:{' '}
              {formatCount(
                p.lineas.presentadas,
                'prestación validada espera',
                'prestaciones validadas esperan',
              )}{' '}
              el cierre, desde el {formatFecha(p.cierraDesde)}.
            </p>
          ))}
        {p && p.estado === 'cerrado' && (
          <dl className={styles.cifras}>
            <div>
              <dt>Presentado</dt>
              <dd>
                <Importe centavos={p.importes.presentado} />
              </dd>
            </div>
            <div>
              <dt>Coseguros cobrados</dt>
              <dd>
                <Importe centavos={p.importes.coseguros} />
              </dd>
            </div>
            <div>
              <dt>Aprobado</dt>
              <dd>
                <Importe centavos={p.importes.aprobado} />
              </dd>
            </div>
            <div>
              <dt>Débitos</dt>
              <dd>
                <Importe centavos={p.importes.debitado} debito />
              </dd>
            </div>
            <div>
              <dt>Prestaciones</dt>
              <dd>{p.lineas.presentadas}</dd>
            </div>
            <div>
              <dt>Aprobadas</dt>
              <dd>{p.lineas.aprobadas}</dd>
            </div>
            <div>
              <dt>Rechazadas</dt>
              <dd>{p.lineas.rechazadas}</dd>
            </div>
            <div>
              <dt>En auditoría</dt>
              <dd>{p.lineas.enAuditoria > 0 ? <Badge tone="warning">{p.lineas.enAuditoria}</Badge> : 0}</dd>
            </div>
          </dl>
        )}
      </Panel>
      {p?.estado === 'cerrado' && (
        <>
          <Panel className={styles.seccion}>
            <Alarmas alarmas={p.listaAlarmas} />
          </Panel>
          <Panel className={styles.seccion} aria-labelledby="liquidaciones">
            <h2 id="liquidaciones" className={styles.heading}>
              Liquidaciones a los prestadores
            </h2>
            <DataTable
              paging="client"
              label="Liquidaciones"
              columns={columnasLiquidaciones}
              rows={liquidaciones.data}
              getRowId={(q) => q.id}
              isLoading={liquidaciones.isFetching}
              error={liquidaciones.error}
            />
          </Panel>
          <Panel className={styles.seccion} aria-labelledby="lotes">
            <h2 id="lotes" className={styles.heading}>
              Lotes a las obras sociales
            </h2>
            <DataTable
              paging="client"
              label="Lotes"
              columns={columnasLotes}
              rows={lotes.data}
              getRowId={(l) => l.id}
              isLoading={lotes.isFetching}
              error={lotes.error}
            />
          </Panel>
        </>
      )}
      {pago && <RegistrarPagoModal {...pago} onClose={() => setPago(null)} />}
      {debitos && <DebitosLote lote={debitos} onClose={() => setDebitos(null)} />}
    </div>
  );
}
