import type { ExportFormat } from '@red-dental/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { type ExportColumn, tableExport } from '../../lib/table-export.ts';
import { writtenMomentDay } from '../../lib/written-dates.ts';
import type { Subject } from '../../plugins/auth.ts';
import { auditedExport } from '../auditoria/audited-export.ts';
import * as repo from './profesionales.repository.ts';

const EXPORT_COLUMNS: readonly ExportColumn<repo.ProfesionalExportRow>[] = [
  { header: 'Nombre', value: (r) => r.nombre },
  { header: 'Razón social', value: (r) => r.razonSocial },
  { header: 'Matrícula', value: (r) => r.matricula },
  { header: 'Jurisdicción de la matrícula', value: (r) => r.jurisdiccion },
  { header: 'Email', value: (r) => r.email },
  { header: 'Teléfono', value: (r) => r.telefono },
  { header: 'Dirección', value: (r) => r.direccion },
  { header: 'Localidad', value: (r) => r.localidad },
  { header: 'Zona', value: (r) => r.zona },
  { header: 'Especialidades', value: (r) => r.especialidades },
  { header: 'Obras sociales', value: (r) => r.obrasSociales },
  { header: 'Acepta nuevos pacientes', value: (r) => (r.aceptaNuevosPacientes ? 'Sí' : 'No') },
  { header: 'Datos confirmados el', value: (r) => writtenMomentDay(r.datosConfirmadosAt) },
];

/** The approved providers the list finds, as a file written as it is read; the export is audited. */
export function exportProfesionales(
  deps: { db: Db; log: FastifyBaseLogger },
  caller: Subject,
  query: { search?: string; sinConfirmar?: boolean } & ExportFormat,
) {
  const { formato, separador, ...filtros } = query;
  return tableExport(
    repo.eachExportBatch(deps.db, filtros),
    EXPORT_COLUMNS,
    query,
    auditedExport(deps, caller, {
      name: 'profesionales',
      entity: 'profesional',
      filtros,
      format: { formato, separador },
    }),
  );
}
