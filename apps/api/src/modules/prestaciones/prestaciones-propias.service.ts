import {
  ESTADO_LINEA_LABELS,
  type ExportFormat,
  formatFecha,
  formatImporte,
  MESSAGES,
  type MisPrestaciones,
  networkClock,
} from '@red-dental/contracts';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import PDFDocument from 'pdfkit';
import type { Db, DbOrTx } from '../../db/client.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import { type ExportColumn, tableExport } from '../../lib/table-export.ts';
import type { Subject } from '../../plugins/auth.ts';
import { auditedExport } from '../auditoria/audited-export.ts';
import { recordAudit } from '../auditoria/auditoria.repository.ts';
import * as autorizacionesRepo from '../autorizaciones/autorizaciones.repository.ts';
import * as repo from './prestaciones.repository.ts';
import { lugar } from './prestaciones-motor.ts';

const M = MESSAGES.prestaciones;

type Deps = Pick<FastifyInstance, 'db'>;

/** The dentist behind the account, or 403. */
async function profesionalId(db: DbOrTx, userId: number): Promise<number> {
  const id = await repo.findProfesionalId(db, userId);
  if (id === undefined) throw forbidden(M.NOT_A_PRESTADOR);
  return id;
}

const donde = (r: repo.MiLineaRow) => lugar({ pieza: r.pieza, caras: r.caras || null, sector: r.sector });

/** The dentist's lines of a month (this one when none is asked), with their totals. */
export async function misPrestaciones(
  deps: Deps,
  caller: Subject,
  q: { periodo?: string; estado?: repo.MiLineaRow['estado']; search?: string },
  now = new Date(),
): Promise<MisPrestaciones> {
  const id = await profesionalId(deps.db, caller.id);
  const periodo = q.periodo ?? networkClock(now).date.slice(0, 7);
  const rows = await repo.findMisLineas(deps.db, {
    profesionalId: id,
    periodo,
    estado: q.estado,
    search: q.search,
  });
  const vigentes = rows.filter((r) => r.estado !== 'anulada');
  const sum = (k: 'importe' | 'coseguro' | 'cargo_os') => vigentes.reduce((s, r) => s + r[k], 0);
  return {
    periodo,
    lineas: rows.map((r) => ({
      id: r.id,
      atencionId: r.atencion_id,
      codigoValidacion: r.codigo_validacion,
      fecha: r.fecha,
      afiliado: { nombre: r.afiliado_nombre, documento: r.afiliado_documento },
      obraSocial: r.obra_social,
      codigo: r.codigo,
      nombre: r.nombre,
      pieza: r.pieza,
      caras: r.caras || null,
      sector: r.sector,
      estado: r.estado,
      importe: r.importe,
      coseguro: r.coseguro,
      cargoOs: r.cargo_os,
      regularizarAntes: r.regularizar_antes,
      anulable: r.estado === 'validada',
    })),
    totales: {
      lineas: vigentes.length,
      importe: sum('importe'),
      coseguro: sum('coseguro'),
      cargoOs: sum('cargo_os'),
    },
  };
}

const pesos = (centavos: number) => formatImporte(centavos).replace('$ ', '');

const COLUMNS: readonly ExportColumn<repo.MiLineaRow>[] = [
  { header: 'Fecha', value: (r) => formatFecha(r.fecha) },
  { header: 'Código de validación', value: (r) => r.codigo_validacion },
  { header: 'Paciente', value: (r) => r.afiliado_nombre },
  { header: 'Documento', value: (r) => r.afiliado_documento },
  { header: 'Obra social', value: (r) => r.obra_social ?? '' },
  { header: 'Código', value: (r) => r.codigo },
  { header: 'Prestación', value: (r) => r.nombre },
  { header: 'Pieza, caras o sector', value: donde },
  { header: 'Estado', value: (r) => ESTADO_LINEA_LABELS[r.estado] },
  { header: 'Arancel', value: (r) => pesos(r.importe) },
  { header: 'Coseguro', value: (r) => pesos(r.coseguro) },
  { header: 'A cargo de la obra social', value: (r) => pesos(r.cargo_os) },
];

/** The month's lines as CSV or XLSX, as the screen filters them; audited like every export. */
export async function exportMisPrestaciones(
  deps: { db: Db; log: FastifyBaseLogger },
  caller: Subject,
  q: { periodo?: string; estado?: repo.MiLineaRow['estado']; search?: string },
  format: ExportFormat,
  now = new Date(),
) {
  const id = await profesionalId(deps.db, caller.id);
  const periodo = q.periodo ?? networkClock(now).date.slice(0, 7);
  const rows = await repo.findMisLineas(deps.db, {
    profesionalId: id,
    periodo,
    estado: q.estado,
    search: q.search,
  });
  async function* batches() {
    yield rows;
  }
  return tableExport(
    batches(),
    COLUMNS,
    format,
    auditedExport(deps, caller, {
      name: `prestaciones-${periodo}`,
      entity: 'prestacion',
      filtros: { periodo, estado: q.estado, search: q.search },
      format,
    }),
  );
}

/** Anulls one of the dentist's own validated lines (before its period closes); audited. */
export async function anularLinea(deps: Deps, caller: Subject, lineaId: number) {
  const id = await profesionalId(deps.db, caller.id);
  await deps.db.transaction(async (tx) => {
    const linea = await repo.lockMiLinea(tx, { profesionalId: id, lineaId });
    // Another dentist's line is as absent as one that does not exist.
    if (!linea) throw notFound(M.LINEA_NOT_FOUND);
    if (linea.estado === 'anulada') throw conflict(M.YA_ANULADA);
    if (linea.estado !== 'validada') throw conflict(M.NO_ANULABLE);
    await repo.anular(tx, lineaId, caller.id);
    // The authorization it used serves the line done right.
    await autorizacionesRepo.liberar(tx, lineaId);
    await recordAudit(tx, caller, {
      action: 'void',
      entity: 'linea',
      entityId: lineaId,
      details: {
        afiliadoId: linea.afiliado_id,
        codigoValidacion: linea.codigo_validacion,
        codigo: linea.codigo,
        documento: linea.documento,
      },
      documento: linea.documento,
      afiliadoIds: [linea.afiliado_id],
    });
  });
}

/**
 * The visit's comprobante as a PDF: the validation code large, the patient,
 * each line with its fee and copay, what the patient pays at the office, and
 * a line for their signature.
 */
export async function comprobante(
  deps: Deps,
  caller: Subject,
  atencionId: number,
): Promise<{ body: Buffer; fileName: string }> {
  const id = await profesionalId(deps.db, caller.id);
  const rows = await repo.findAtencion(deps.db, { profesionalId: id, atencionId });
  const first = rows[0];
  if (!first) throw notFound(M.ATENCION_NOT_FOUND);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `Comprobante ${first.codigo_validacion}` },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));

  doc.font('Helvetica-Bold').fontSize(16).text('Red Dental — Comprobante de atención');
  doc.moveDown(0.5).font('Helvetica').fontSize(10).text('Código de validación');
  doc.font('Helvetica-Bold').fontSize(28).text(first.codigo_validacion, { characterSpacing: 2 });
  doc.moveDown(0.5).font('Helvetica').fontSize(11);
  const dato = (label: string, value: string) =>
    doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
  dato('Fecha de la atención', formatFecha(first.fecha));
  dato('Prestador', first.profesional);
  dato('Paciente', `${first.afiliado_nombre} — documento ${first.afiliado_documento}`);
  dato('Obra social', [first.obra_social, first.plan].filter(Boolean).join(', ') || '—');
  if (first.numero_afiliado) dato('Número de afiliado', first.numero_afiliado);
  if (first.canal === 'urgencia') dato('Canal', 'Urgencia');

  doc.moveDown();
  const x = { codigo: 50, nombre: 110, donde: 300, importe: 390, coseguro: 470 };
  const fila = (cells: string[], bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    doc.text(cells[0]!, x.codigo, y, { width: 55 });
    doc.text(cells[1]!, x.nombre, y, { width: 185 });
    doc.text(cells[2]!, x.donde, y, { width: 85 });
    doc.text(cells[3]!, x.importe, y, { width: 75, align: 'right' });
    doc.text(cells[4]!, x.coseguro, y, { width: 75, align: 'right' });
    doc.moveDown(0.4);
    doc.x = 50;
  };
  fila(['Código', 'Prestación', 'Lugar', 'Arancel', 'Coseguro'], true);
  const vigentes = rows.filter((r) => r.estado !== 'anulada');
  for (const r of rows)
    fila([
      r.codigo,
      r.estado === 'anulada' ? `${r.nombre} (anulada)` : r.nombre,
      donde(r),
      formatImporte(r.importe),
      formatImporte(r.coseguro),
    ]);
  const coseguro = vigentes.reduce((s, r) => s + r.coseguro, 0);
  doc.moveDown();
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .text(`El paciente abona en el consultorio: ${formatImporte(coseguro)}`, 50);
  for (const r of vigentes.filter((l) => l.regularizar_antes))
    doc
      .font('Helvetica')
      .fontSize(10)
      .text(
        `${r.codigo} en ${donde(r)}: regularizar la autorización antes del ${formatFecha(r.regularizar_antes!)}`,
      );

  doc.moveDown(4);
  const y = doc.y;
  doc.moveTo(50, y).lineTo(260, y).stroke();
  doc.moveTo(320, y).lineTo(545, y).stroke();
  doc
    .font('Helvetica')
    .fontSize(10)
    .text('Firma del paciente', 50, y + 5);
  doc.text('Aclaración y documento', 320, y + 5);
  doc.end();
  await done;
  return { body: Buffer.concat(chunks), fileName: `comprobante-${first.codigo_validacion}.pdf` };
}
