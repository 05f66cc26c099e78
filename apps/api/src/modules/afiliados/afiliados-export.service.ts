import type { AfiliadoEstado, ExportFormat } from '@red-dental/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { type ExportColumn, tableExport } from '../../lib/table-export.ts';
import { writtenDay, writtenMoment } from '../../lib/written-dates.ts';
import type { Subject } from '../../plugins/auth.ts';
import { auditedExport } from '../auditoria/audited-export.ts';
import * as repo from './afiliados.repository.ts';
import { filterFor } from './afiliados.service.ts';

const EXPORT_COLUMNS: readonly ExportColumn<repo.AfiliadoExportRow>[] = [
  { header: 'Nombre', value: (r) => r.nombre },
  { header: 'Tipo de documento', value: (r) => r.tipoDocumento },
  { header: 'Documento', value: (r) => r.documento },
  { header: 'Fecha de nacimiento', value: (r) => writtenDay(r.fechaNacimiento) },
  { header: 'Obra social', value: (r) => r.obraSocial },
  { header: 'Plan', value: (r) => r.plan },
  { header: 'Número de afiliado', value: (r) => r.numeroAfiliado },
  { header: 'Fecha de alta', value: (r) => writtenDay(r.fechaAlta) },
  { header: 'Email', value: (r) => r.email },
  { header: 'Email pendiente de confirmación', value: (r) => r.emailPendiente },
  { header: 'Teléfono', value: (r) => r.telefono },
  { header: 'Dado de baja', value: (r) => writtenMoment(r.bajaAt) },
];

/**
 * The affiliate list with the screen's search and insurer, as a file written
 * as it is read (administrative staff: the route asks for AFILIADOS.GET and CREATE). The export
 * is an entry of the audit log with its filters and row count.
 */
export function exportAfiliados(
  deps: { db: Db; log: FastifyBaseLogger },
  caller: Subject,
  query: { search?: string; obraSocialId?: number; estado?: AfiliadoEstado } & ExportFormat,
) {
  const { formato, separador, ...filtros } = query;
  const filter = filterFor(caller, filtros);
  return tableExport(
    repo.eachExportBatch(deps.db, filter),
    EXPORT_COLUMNS,
    query,
    auditedExport(deps, caller, {
      name: 'afiliados',
      entity: 'afiliado',
      filtros,
      format: { formato, separador },
    }),
    (separator) => repo.copyExport(deps.db, filter, separator),
  );
}
