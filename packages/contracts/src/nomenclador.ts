import { z } from 'zod';
import { boundedString, paginatedQuerySchema } from './common.ts';
import { importRowErrorSchema } from './imports.ts';
import * as MESSAGES from './messages/index.ts';

const M = MESSAGES.nomenclador;

// ---------------------------------------------------------------------------
// The code table: ten chapters, the codes a dentist bills, and groups of
// codes that a plan's rules name together ("Obturaciones", "Prótesis fija").
// ---------------------------------------------------------------------------

/** The ten chapters of the usual Argentine dental code table, by their two-digit number. */
export const CAPITULOS = [
  { capitulo: '01', nombre: 'Consultas' },
  { capitulo: '02', nombre: 'Operatoria dental' },
  { capitulo: '03', nombre: 'Endodoncia' },
  { capitulo: '04', nombre: 'Prótesis' },
  { capitulo: '05', nombre: 'Odontología preventiva' },
  { capitulo: '06', nombre: 'Ortodoncia y ortopedia funcional' },
  { capitulo: '07', nombre: 'Odontopediatría' },
  { capitulo: '08', nombre: 'Periodoncia' },
  { capitulo: '09', nombre: 'Radiología' },
  { capitulo: '10', nombre: 'Cirugía bucal' },
] as const;
export type Capitulo = (typeof CAPITULOS)[number]['capitulo'];
export const CAPITULO_NUMEROS = CAPITULOS.map((c) => c.capitulo) as [Capitulo, ...Capitulo[]];
export const capituloNombre = (capitulo: string) =>
  CAPITULOS.find((c) => c.capitulo === capitulo)?.nombre ?? capitulo;

/**
 * What a line of the code must name: the whole mouth, an arch, a sector, a
 * tooth, or a tooth and some of its faces (between `carasMin` and `carasMax`).
 */
export const AREAS_TRATAMIENTO = ['boca', 'arcada', 'sector', 'pieza', 'caras'] as const;
export type AreaTratamiento = (typeof AREAS_TRATAMIENTO)[number];
export const AREA_LABELS: Record<AreaTratamiento, string> = {
  boca: 'Boca completa',
  arcada: 'Arcada',
  sector: 'Sector',
  pieza: 'Pieza',
  caras: 'Pieza y caras',
};

/** Which teeth a code applies to. */
export const DENTICIONES = ['permanente', 'temporaria', 'ambas'] as const;
export type Denticion = (typeof DENTICIONES)[number];
export const DENTICION_LABELS: Record<Denticion, string> = {
  permanente: 'Permanente',
  temporaria: 'Temporaria',
  ambas: 'Ambas',
};

/** A code as networks write it: chapter, number and an optional sub-number ('02.01', '04.05.02'). */
export const CODIGO_PATTERN = /^\d{2}\.\d{2}(\.\d{2})?$/;
/** At most five faces on one line: a tooth shows five at once (O or I, V, M, D, P or L). */
export const MAX_CARAS = 5;

/** The chapter a code belongs to: its first two digits. */
export const capituloOf = (codigo: string) => codigo.slice(0, 2);

/**
 * Units of a code ('2,5', '3', '1.25') as hundredths, so that a fee of units ×
 * unit value is integer arithmetic; undefined when it is not a positive number
 * with at most two decimals.
 */
export function parseUnidades(raw: string): number | undefined {
  const match = /^(\d{1,6})(?:[.,](\d{1,2}))?$/.exec(raw.trim());
  if (!match) return undefined;
  const hundredths = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return hundredths > 0 ? hundredths : undefined;
}

/** Hundredths of a unit as the screens write them: '2,5', '3'. */
export const formatUnidades = (hundredths: number) =>
  (hundredths / 100).toLocaleString('es-AR', { maximumFractionDigits: 2, useGrouping: false });

const carasCount = z.coerce
  .number({ error: M.CARAS_INVALID })
  .int(M.CARAS_INVALID)
  .min(0)
  .max(MAX_CARAS, M.CARAS_INVALID);

/** What staff may change of a code; the code itself is its identity and stays. */
export const codigoInputSchema = z
  .object({
    nombre: boundedString(200).min(1, M.NOMBRE_REQUIRED),
    norma: boundedString(2000)
      .nullish()
      .transform((v) => (v ? v : null)),
    area: z.enum(AREAS_TRATAMIENTO, { error: M.AREA_INVALID }),
    carasMin: carasCount.default(0),
    carasMax: carasCount.default(0),
    denticion: z.enum(DENTICIONES, { error: M.DENTICION_INVALID }),
    /** Units in hundredths (250 is 2,5 units); null: the code is paid by money alone. */
    unidades: z.number().int(M.UNIDADES_INVALID).positive(M.UNIDADES_INVALID).max(99_999_999).nullable(),
  })
  .superRefine((v, ctx) => {
    if (v.area === 'caras') {
      if (v.carasMin < 1 || v.carasMax < v.carasMin)
        ctx.addIssue({ code: 'custom', path: ['carasMax'], message: M.CARAS_INVALID });
    } else if (v.carasMin !== 0 || v.carasMax !== 0)
      ctx.addIssue({ code: 'custom', path: ['carasMax'], message: M.CARAS_ONLY_FOR_CARAS });
  });
export type CodigoInput = z.input<typeof codigoInputSchema>;
export type CodigoValues = z.output<typeof codigoInputSchema>;

/** 'Editar código': the form holds text as typed ('2,5' units, faces as digits); codigoInputSchema checks what it becomes. */
export const codigoFormSchema = z
  .object({
    nombre: z.string(),
    norma: z.string(),
    area: z.enum(AREAS_TRATAMIENTO),
    carasMin: z.string(),
    carasMax: z.string(),
    denticion: z.enum(DENTICIONES),
    unidades: z.string().refine((v) => v.trim() === '' || parseUnidades(v) !== undefined, M.UNIDADES_INVALID),
  })
  .transform(
    (v): CodigoInput => ({
      ...v,
      norma: v.norma.trim() || null,
      carasMin: v.area === 'caras' ? Number(v.carasMin || 0) : 0,
      carasMax: v.area === 'caras' ? Number(v.carasMax || 0) : 0,
      unidades: v.unidades.trim() === '' ? null : (parseUnidades(v.unidades) ?? null),
    }),
  )
  .pipe(codigoInputSchema);
export type CodigoForm = z.input<typeof codigoFormSchema>;

export const codigoPrestacionSchema = z.object({
  id: z.number(),
  codigo: z.string(),
  capitulo: z.string(),
  nombre: z.string(),
  norma: z.string().nullable(),
  area: z.enum(AREAS_TRATAMIENTO),
  carasMin: z.number(),
  carasMax: z.number(),
  denticion: z.enum(DENTICIONES),
  unidades: z.number().nullable(),
  /** The groups the code is in, by name. */
  grupos: z.array(z.string()),
});
export type CodigoPrestacion = z.infer<typeof codigoPrestacionSchema>;

/** GET /api/nomenclador: by code (its start) or name (accents and case ignored), optionally one chapter. */
export const nomencladorQuerySchema = paginatedQuerySchema.extend({
  capitulo: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(CAPITULO_NUMEROS, { error: M.CAPITULO_INVALID }).optional(),
  ),
});
export type NomencladorQuery = z.output<typeof nomencladorQuerySchema>;

export const nomencladorPageSchema = z.object({
  rows: z.array(codigoPrestacionSchema),
  rowCount: z.number(),
});
export type NomencladorPage = z.infer<typeof nomencladorPageSchema>;

// ---------------------------------------------------------------------------
// Groups of codes
// ---------------------------------------------------------------------------

export const grupoCodigosSchema = z.object({
  id: z.number(),
  nombre: z.string(),
  codigos: z.array(z.string()),
});
export type GrupoCodigos = z.infer<typeof grupoCodigosSchema>;

export const grupoCodigosInputSchema = z.object({
  nombre: boundedString(100).min(1, M.GRUPO_NOMBRE_REQUIRED),
  codigos: z
    .array(z.string().trim().regex(CODIGO_PATTERN, M.CODIGO_INVALID))
    .min(1, M.GRUPO_EMPTY)
    .max(2000)
    .transform((codigos) => [...new Set(codigos)].sort()),
});
export type GrupoCodigosInput = z.output<typeof grupoCodigosInputSchema>;

/** The codes as typed in a group's form: '02.01, 02.02' or one per line. */
const splitCodigos = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((c) => c.trim())
    .filter(Boolean);

/** 'Nuevo grupo' and 'Editar grupo': the codes typed as text, then checked as grupoCodigosInputSchema. */
export const grupoCodigosFormSchema = z
  .object({
    nombre: z.string(),
    codigos: z.string().refine((v) => splitCodigos(v).every((c) => CODIGO_PATTERN.test(c)), M.CODIGO_INVALID),
  })
  .transform((v) => ({ nombre: v.nombre, codigos: splitCodigos(v.codigos) }))
  .pipe(grupoCodigosInputSchema);

// ---------------------------------------------------------------------------
// POST /api/nomenclador/import?dryRun=true (multipart `file`)
// ---------------------------------------------------------------------------

/**
 * What an import of codes did, or would do (`dryRun`): every line of the file
 * checked, new codes and changed ones counted. The file loads whole or not at
 * all: with any line error only the preview answers, listing the lines.
 */
export const nomencladorImportResultSchema = z.object({
  dryRun: z.boolean(),
  /** Codes in the file (valid lines). */
  count: z.number(),
  created: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  errors: z.array(importRowErrorSchema),
  errorCount: z.number(),
});
export type NomencladorImportResult = z.infer<typeof nomencladorImportResultSchema>;

/** The multipart form of an import of codes, as the route reads it: `file` is the uploaded file's name. */
export const nomencladorImportFormSchema = z.object({ file: z.string({ error: M.FILE_REQUIRED }) });
