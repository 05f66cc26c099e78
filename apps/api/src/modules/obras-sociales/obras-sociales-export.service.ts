import type { ExportFormat } from '@red-dental/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { type ExportColumn, tableExport } from '../../lib/table-export.ts';
import type { Subject } from '../../plugins/auth.ts';
import { auditedExport } from '../auditoria/audited-export.ts';
import * as repo from './obras-sociales.repository.ts';

const COLUMNS: readonly ExportColumn<repo.ObraSocialRow>[] = [
  { header: 'Nombre', value: (r) => r.nombre },
  { header: 'Teléfonos', value: (r) => r.telefonos.join(', ') },
  { header: 'Mails', value: (r) => r.mails.join(', ') },
  { header: 'Afiliados', value: (r) => r.afiliadoCount },
];

/** A few hundred insurers at most: read in one grouped query, as the list is. */
async function* all(db: Db): AsyncGenerator<repo.ObraSocialRow[]> {
  yield await repo.findAllWithCounts(db);
}

/** The insurer list with its affiliate counts, as a file; audited. */
export function exportObrasSociales(
  deps: { db: Db; log: FastifyBaseLogger },
  caller: Subject,
  format: ExportFormat,
) {
  return tableExport(
    all(deps.db),
    COLUMNS,
    format,
    auditedExport(deps, caller, { name: 'obras-sociales', entity: 'obra_social', filtros: {}, format }),
  );
}
