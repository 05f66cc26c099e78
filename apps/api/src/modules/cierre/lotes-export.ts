import { Readable } from 'node:stream';
import { formatFecha, type LoteExportQuery, MESSAGES, networkClock } from '@red-dental/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { type ExportColumn, type ExportFile, readingAhead, tableExport } from '../../lib/table-export.ts';
import type { Subject } from '../../plugins/auth.ts';
import { auditedExport } from '../auditoria/audited-export.ts';
import { recordAudit } from '../auditoria/auditoria.repository.ts';
import { batches, copyLote, findLoteCabecera, type LoteCabecera } from './lotes.repository.ts';
import { claimsDe, FHIR_CONTENT_TYPE, type LineaDeLote } from './lotes-fhir.ts';

// ---------------------------------------------------------------------------
// A lot's detail as the insurer audits it: every line billed, with the
// visit, the affiliate, the code and place, the fee, the copay and what is
// billed. Streamed: CSV written by the database where it can, XLSX and FHIR
// from keyset batches, one batch in memory at a time.
// ---------------------------------------------------------------------------

/** An amount as the insurer's systems read it: pesos and centavos after a comma, no thousands' dots (12345,67). */
const pesos = (centavos: number) =>
  `${Math.trunc(centavos / 100)},${String(Math.abs(centavos) % 100).padStart(2, '0')}`;
const lugar = (r: Pick<LineaDeLote, 'pieza' | 'caras' | 'sector'>) =>
  r.sector ?? (r.pieza === null ? '' : String(r.pieza));

const COLUMNS = (c: LoteCabecera): readonly ExportColumn<LineaDeLote>[] => [
  { header: 'Factura', value: () => c.numeroFactura },
  { header: 'Período', value: () => c.periodo },
  { header: 'Código de validación', value: (r) => r.codigoValidacion },
  { header: 'Fecha', value: (r) => formatFecha(r.fecha) },
  { header: 'Número de afiliado', value: (r) => r.numeroAfiliado ?? '' },
  { header: 'Documento', value: (r) => r.documento },
  { header: 'Afiliado', value: (r) => r.afiliado },
  { header: 'Plan', value: (r) => r.plan },
  { header: 'Código', value: (r) => r.codigo },
  { header: 'Prestación', value: (r) => r.nombre },
  { header: 'Pieza o sector', value: lugar },
  { header: 'Caras', value: (r) => r.caras },
  { header: 'Prestador', value: (r) => r.profesional },
  { header: 'Matrícula', value: (r) => r.matricula ?? '' },
  { header: 'Tipo', value: (r) => (r.tipo === 'reintegro' ? 'Reconsideración' : 'Prestación') },
  { header: 'Arancel', value: (r) => pesos(r.importe) },
  { header: 'Coseguro', value: (r) => pesos(r.coseguro) },
  { header: 'Facturado', value: (r) => pesos(r.neto) },
];

/**
 * `GET /api/lotes/{id}/export`: the lot's detail in the format asked for,
 * audited like every export (the FHIR Bundle too, once it is sent whole or
 * the client goes away).
 */
function exportLote(
  deps: { db: Db; log: FastifyBaseLogger },
  caller: Subject,
  c: LoteCabecera,
  q: LoteExportQuery,
): ExportFile {
  const nombre = `lote-${c.numeroFactura}`;
  const what = {
    name: nombre,
    entity: 'lote' as const,
    entityId: c.id,
    filtros: { factura: c.numeroFactura, periodo: c.periodo },
  };
  if (q.formato !== 'fhir') {
    const format = { formato: q.formato, separador: q.separador };
    return tableExport(
      batches(deps.db, c.id),
      COLUMNS(c),
      format,
      auditedExport(deps, caller, { ...what, format }),
      (separator) => copyLote(deps.db, c, separator),
    );
  }
  const day = networkClock(new Date()).date;
  let rows = 0;
  let complete = false;
  async function* json(): AsyncGenerator<string> {
    try {
      yield `{"resourceType":"Bundle","id":${JSON.stringify(`lote-${c.id}`)},"type":"collection","timestamp":${JSON.stringify(new Date().toISOString())},"entry":[`;
      let first = true;
      for await (const claim of claimsDe(readingAhead(batches(deps.db, c.id)), c)) {
        rows += claim.item.length;
        yield `${first ? '' : ','}{"fullUrl":"urn:uuid:${claim.id}","resource":${JSON.stringify(claim)}}`;
        first = false;
      }
      yield ']}';
      complete = true;
    } finally {
      await recordAudit(deps.db, caller, {
        action: 'export',
        entity: 'lote',
        entityId: c.id,
        details: { filtros: what.filtros, formato: 'fhir', filas: rows, completa: complete },
      }).catch((error) => deps.log.error({ err: error }, `the export of ${nombre} could not be recorded`));
    }
  }
  return {
    stream: Readable.from(json()),
    contentType: FHIR_CONTENT_TYPE,
    fileName: `${nombre}-${day}.fhir.json`,
  };
}

/** The lot's detail by its id, or 404. */
export async function exportarLote(
  deps: { db: Db; log: FastifyBaseLogger },
  caller: Subject,
  id: number,
  q: LoteExportQuery,
): Promise<ExportFile> {
  const cabecera = await findLoteCabecera(deps.db, id);
  if (!cabecera) throw notFound(MESSAGES.cierre.LOTE_NOT_FOUND);
  return exportLote(deps, caller, cabecera, q);
}
