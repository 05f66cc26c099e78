import type { Reporte } from '@red-dental/contracts';
import { useState } from 'react';
import { Button } from '@/components/ui/button/index.ts';
import { AlertIcon } from '@/components/ui/icons/index.ts';
import { formatMomentDate } from '@/lib/format.ts';
import { useReportes } from '../api/get-reportes.ts';
import { CloseReporteModal } from './close-reporte-modal.tsx';
import { reporteAfiliadoLabel } from './reporte-afiliado.ts';
import styles from './reportes-panel.module.css';

/**
 * The open reports affiliates sent about this listing ('Informar un error'
 * in the cartilla). Staff close each one once the data is checked or fixed,
 * with a note the affiliate reads, as in the reports queue. Nothing shows
 * while there are none.
 */
export function ReportesPanel({ profesionalId, nombre }: { profesionalId: number; nombre: string }) {
  const reportes = useReportes(profesionalId);
  const [closing, setClosing] = useState<Reporte | null>(null);
  const open = reportes.data ?? [];
  if (open.length === 0) return null;
  return (
    <section className={styles.reportes} aria-labelledby="reportes-heading">
      <h3 id="reportes-heading" className={styles.reportesTitle}>
        <AlertIcon size={18} />
        {open.length === 1
          ? 'Un afiliado informó un error'
          : `Los afiliados informaron ${open.length} errores`}
      </h3>
      <ul className={styles.reporteList}>
        {open.map((r) => (
          <li key={r.id} className={styles.reporte}>
            <div>
              <p id={`reporte-${r.id}`}>{r.motivo}</p>
              <p className={styles.hint}>
                {formatMomentDate(r.createdAt)}
                {r.afiliado ? ` · ${reporteAfiliadoLabel(r.afiliado)}` : ''}
              </p>
            </div>
            <Button
              size="sm"
              variant="secondary"
              aria-describedby={`reporte-${r.id}`}
              onClick={() => setClosing(r)}
            >
              Cerrar reporte
            </Button>
          </li>
        ))}
      </ul>
      {closing && (
        <CloseReporteModal reporte={closing} profesionalNombre={nombre} onClose={() => setClosing(null)} />
      )}
    </section>
  );
}
