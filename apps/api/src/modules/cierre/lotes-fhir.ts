import { createHash } from 'node:crypto';
import { type Cara, ZONA_BOCA_LABELS, type ZonaBoca } from '@red-dental/contracts';
import type { LoteCabecera } from './lotes.repository.ts';

// ---------------------------------------------------------------------------
// A lot as FHIR R4: one Claim per visit (its validation code the
// identifier), one item per line with the network's code, the FDI tooth as
// bodySite and each face as a subSite (V as B, P as L; cervical, which FHIR's
// surface codes lack, as an extension), the fee and what is billed in ARS.
// ---------------------------------------------------------------------------

export const FHIR_CONTENT_TYPE = 'application/fhir+json; charset=utf-8';

/** The network's own naming systems, under the address it answers at. */
const SISTEMA = {
  codigoValidacion: 'https://reddental.com.ar/fhir/codigo-validacion',
  nomenclador: 'https://reddental.com.ar/fhir/nomenclador',
  sector: 'https://reddental.com.ar/fhir/sector',
  matricula: 'https://reddental.com.ar/fhir/matricula',
  numeroAfiliado: 'https://reddental.com.ar/fhir/numero-afiliado',
  cervical: 'https://reddental.com.ar/fhir/StructureDefinition/cara-cervical',
  dni: 'http://www.renaper.gob.ar/dni',
  diente: 'http://terminology.hl7.org/CodeSystem/ex-tooth',
  superficie: 'http://terminology.hl7.org/CodeSystem/FDI-surface',
} as const;

/** A line of a lot, as its export reads it. */
export interface LineaDeLote {
  id: number;
  lineaId: number;
  atencionId: number;
  codigoValidacion: string;
  fecha: string;
  afiliadoId: number;
  documento: string;
  afiliado: string;
  numeroAfiliado: string | null;
  plan: string;
  codigo: string;
  nombre: string;
  pieza: number | null;
  caras: string;
  sector: string | null;
  profesionalId: number;
  profesional: string;
  matricula: string | null;
  tipo: 'prestacion' | 'reintegro';
  importe: number;
  coseguro: number;
  neto: number;
}

/** FHIR's surface code of a face: vestibular is buccal, palatal is lingual, cervical has none. */
const SUPERFICIE: Partial<Record<Cara, string>> = { O: 'O', V: 'B', M: 'M', D: 'D', P: 'L', L: 'L', I: 'I' };

const dinero = (centavos: number) => ({ value: centavos / 100, currency: 'ARS' });

/** A stable id for the visit's Claim in this lot: the same lot exports the same ids. */
function uuid(...partes: (string | number)[]): string {
  const h = createHash('sha1').update(partes.join(':')).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((Number.parseInt(h[16]!, 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

function item(l: LineaDeLote, sequence: number) {
  const caras = [...l.caras] as Cara[];
  const subSite = [...new Set(caras.flatMap((c) => (SUPERFICIE[c] ? [SUPERFICIE[c]] : [])))].map((code) => ({
    coding: [{ system: SISTEMA.superficie, code }],
  }));
  const bodySite =
    l.pieza !== null
      ? { coding: [{ system: SISTEMA.diente, code: String(l.pieza) }] }
      : l.sector
        ? {
            coding: [{ system: SISTEMA.sector, code: l.sector }],
            text: ZONA_BOCA_LABELS[l.sector as ZonaBoca],
          }
        : undefined;
  return {
    sequence,
    ...(caras.includes('C') ? { extension: [{ url: SISTEMA.cervical, valueBoolean: true }] } : {}),
    productOrService: { coding: [{ system: SISTEMA.nomenclador, code: l.codigo, display: l.nombre }] },
    ...(l.tipo === 'reintegro' ? { modifier: [{ text: 'Reconsideración aprobada' }] } : {}),
    servicedDate: l.fecha,
    unitPrice: dinero(l.importe),
    net: dinero(l.neto),
    ...(bodySite ? { bodySite } : {}),
    ...(subSite.length > 0 ? { subSite } : {}),
  };
}

function claim(c: LoteCabecera, lineas: readonly LineaDeLote[]) {
  const l = lineas[0]!;
  const items = lineas.map((x, i) => item(x, i + 1));
  return {
    resourceType: 'Claim' as const,
    id: uuid(c.id, l.atencionId, l.id),
    identifier: [{ system: SISTEMA.codigoValidacion, value: l.codigoValidacion }],
    status: 'active',
    type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/claim-type', code: 'oral' }] },
    use: 'claim',
    patient: { identifier: { system: SISTEMA.dni, value: l.documento }, display: l.afiliado },
    created: l.fecha,
    insurer: { display: c.obraSocial.nombre },
    provider: {
      ...(l.matricula ? { identifier: { system: SISTEMA.matricula, value: l.matricula } } : {}),
      display: l.profesional,
    },
    priority: {
      coding: [{ system: 'http://terminology.hl7.org/CodeSystem/processpriority', code: 'normal' }],
    },
    insurance: [
      {
        sequence: 1,
        focal: true,
        ...(l.numeroAfiliado
          ? { identifier: { system: SISTEMA.numeroAfiliado, value: l.numeroAfiliado } }
          : {}),
        coverage: { display: `${c.obraSocial.nombre}, plan ${l.plan}` },
      },
    ],
    item: items,
    total: dinero(lineas.reduce((s, x) => s + x.neto, 0)),
  };
}

export type Claim = ReturnType<typeof claim>;

/** The lot's Claims, one per visit, from its lines in batches (a visit's lines come one after another). */
export async function* claimsDe(
  batches: AsyncIterable<readonly LineaDeLote[]>,
  c: LoteCabecera,
): AsyncGenerator<Claim> {
  let abierta: LineaDeLote[] = [];
  for await (const batch of batches)
    for (const l of batch) {
      if (abierta.length > 0 && abierta[0]!.atencionId !== l.atencionId) {
        yield claim(c, abierta);
        abierta = [];
      }
      abierta.push(l);
    }
  if (abierta.length > 0) yield claim(c, abierta);
}
