import { type LiquidacionFila, periodoText } from '@red-dental/contracts';
import { generatePath, Link } from 'react-router';
import { type Column, DataTable } from '@/components/ui/data-table/index.ts';
import { ListPanel } from '@/components/ui/list-panel/index.ts';
import { formatCount } from '@/lib/format.ts';
import { PATHS } from '@/lib/paths.ts';
import listPage from '@/styles/list-page.module.css';
import { useLiquidaciones } from '../api/cierre.ts';
import styles from './cierre.module.css';
import { EnAuditoria } from './en-auditoria.tsx';
import { Importe, pagoText } from './importe.tsx';

/**
 * `/liquidaciones`: the dentist's settlements, newest first, each with what
 * the network pays her, what it debited, and how long the payment took.
 */
export function MisLiquidaciones() {
  const lista = useLiquidaciones({});
  const columns: Column<LiquidacionFila>[] = [
    {
      id: 'periodo',
      header: 'Período',
      isPrimary: true,
      cell: (q) => (
        <Link to={generatePath(PATHS.liquidacion, { id: String(q.id) })}>{periodoText(q.periodo)}</Link>
      ),
    },
    { id: 'lineas', header: 'Líneas', align: 'end', cell: (q) => q.lineas },
    { id: 'bruto', header: 'Aranceles', align: 'end', cell: (q) => <Importe centavos={q.bruto} /> },
    {
      id: 'coseguros',
      header: 'Coseguros cobrados',
      align: 'end',
      cell: (q) => <Importe centavos={q.coseguros} />,
    },
    { id: 'debitos', header: 'Débitos', align: 'end', cell: (q) => <Importe centavos={q.debitos} debito /> },
    {
      id: 'neto',
      header: 'A cobrar',
      align: 'end',
      isPrimary: true,
      cell: (q) => <Importe centavos={q.neto} />,
    },
    {
      id: 'pago',
      header: 'Pago',
      cell: (q) => <span className={styles.muted}>{pagoText(q.pagadaEl, q.diasAPagar)}</span>,
    },
  ];
  return (
    <div className={listPage.page}>
      <ListPanel
        title="Mis liquidaciones"
        count={lista.data && formatCount(lista.data.length, 'liquidación', 'liquidaciones')}
      >
        <p className={styles.intro}>
          Lo que la red le liquida cada mes: cada prestación con su arancel, el coseguro que cobró en el
          consultorio, el débito con su motivo y el neto. Los días a pagar se cuentan desde el cierre.
        </p>
        <DataTable
          paging="client"
          label="Mis liquidaciones"
          columns={columns}
          rows={lista.data}
          getRowId={(q) => q.id}
          isLoading={lista.isFetching}
          error={lista.error}
        />
      </ListPanel>
      <EnAuditoria />
    </div>
  );
}
