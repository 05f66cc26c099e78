import {
  AREAS_TRATAMIENTO,
  CODIGO_PATTERN,
  capituloOf,
  DENTICIONES,
  type DestinatarioTipo,
  GUARDIAS,
  type NotificacionCategoria,
  parseUnidades,
  WEEKDAYS,
  type WeeklySchedule,
} from '@red-dental/contracts';
import { z } from 'zod';
import { API_ROOT } from '../../paths.ts';
import { loadDataFile } from './load-data.ts';

/**
 * The fixed lists behind the demo data. The lists live in ./catalog as JSON and
 * are checked here when the module loads; this file keeps only the short
 * constants and gives the lists the shapes the generator uses. Mail
 * addresses use reserved domains (example.com, .example) so a demo instance
 * with real SMTP never writes to anyone. People's names come from
 * `@red-dental/testing`, which the tests and the benchmarks draw from too.
 */

export const DEMO_PASSWORD = 'RedDental2025!';

export const DEMO_ADMINISTRATIVO_EMAIL = 'administrativo@reddental.com.ar';
export const DEMO_PRESTADOR_EMAIL = 'prestador@reddental.com.ar';
/** The dental auditor, who decides prior authorizations. */
export const DEMO_AUDITOR_EMAIL = 'auditor@reddental.com.ar';
/** Covered by OSDE, which the demo provider and most others accept. */
export const DEMO_AFILIADO_DOCUMENTO = '30123456';

export const ODONTOLOGIA_GENERAL = 'Odontología general';

export const DOMINIOS_MAIL = ['example.com', 'example.net', 'example.org'];

function load<S extends z.ZodType>(file: string, schema: S): z.output<S> {
  return loadDataFile(new URL(`src/db/seed/catalog/${file}`, API_ROOT), schema);
}

const share = z.number().min(0).max(1);
const weight = z.number().positive();

const obraSocialSchema = z.object({
  nombre: z.string().min(1),
  mails: z.array(z.email()).min(1),
  telefonos: z.array(z.string().min(1)).min(1),
  /** Relative share of the affiliates it covers; the rest have none ('No asignada'). */
  afiliados: weight,
  /** Chance that a provider accepts it, in the city and in the province. */
  aceptacion: z.object({ caba: share, provincia: share }),
});

const especialidadesSchema = z.object({
  nombres: z.array(z.string().min(1)).min(1),
  /** How often each specialty appears among a provider's extra ones. */
  extra: z.array(z.object({ nombre: z.string().min(1), peso: weight })),
});

const zonaSchema = z.object({ numero: z.int().positive(), nombre: z.string().min(1) });

const localidadSchema = z.object({
  nombre: z.string().min(1),
  zona: z.int().positive(),
  isCaba: z.boolean(),
  /** Area code of its land lines. */
  caracteristica: z.enum(['011', '0221']),
  lat: z.number().min(-90).max(90),
  long: z.number().min(-180).max(180),
  /** Half the side of the square, in degrees, that stays inside the locality (and off the river). */
  radio: z.number().positive(),
  /** How many of the providers practise there, relatively. */
  peso: weight,
  /** Real streets of the locality with a plausible range of door numbers. */
  calles: z.array(z.tuple([z.string().min(1), z.int().positive(), z.int().positive()])).min(1),
});

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
const weekTemplateSchema = z.partialRecord(z.enum(WEEKDAYS), z.array(z.tuple([hhmm, hhmm])));

const horariosSchema = z.object({
  /** Office hours as dental practices in Buenos Aires usually keep them. */
  consultorio: z.array(weekTemplateSchema).min(1),
  /** On-call hours: nights, weekends and holidays (D covers holidays too). */
  guardias: z.array(weekTemplateSchema).min(1),
});

const nacimientosSchema = z.object({
  /**
   * Typical DNI number (in millions) for a birth year: numbers were handed
   * out in sequence, so 30.1 million means someone born around 1983.
   * Interpolated between these points.
   */
  dniPorAnio: z.array(z.object({ anio: z.int(), millones: z.number().positive() })).min(2),
  /** Share of affiliates born in each span of years (a plan covers whole families). */
  nacimientos: z.array(z.object({ desde: z.int(), hasta: z.int(), peso: weight })).min(1),
});

export type ObraSocial = z.output<typeof obraSocialSchema>;
export type ObraSocialNombre = ObraSocial['nombre'];
export type Localidad = z.output<typeof localidadSchema>;
export type WeekTemplate = z.output<typeof weekTemplateSchema>;
export const OBRAS_SOCIALES: ObraSocial[] = load('obras-sociales.json', z.array(obraSocialSchema).min(1));

const especialidades = load('especialidades.json', especialidadesSchema);
export const ESPECIALIDADES: string[] = especialidades.nombres;
export const ESPECIALIDADES_EXTRA: { value: string; weight: number }[] = especialidades.extra.map((e) => ({
  value: e.nombre,
  weight: e.peso,
}));

/** A sample code table: a few codes of each chapter in the network's own words, and groups of them. */
const nomencladorSchema = z.object({
  codigos: z
    .array(
      z.object({
        codigo: z.string().regex(CODIGO_PATTERN),
        nombre: z.string().min(1),
        area: z.enum(AREAS_TRATAMIENTO),
        carasMin: z.int().min(0).max(5),
        carasMax: z.int().min(0).max(5),
        denticion: z.enum(DENTICIONES),
        unidades: z.string().refine((v) => parseUnidades(v) !== undefined),
      }),
    )
    .min(1),
  grupos: z.array(
    z.object({ nombre: z.string().min(1), codigos: z.array(z.string().regex(CODIGO_PATTERN)) }),
  ),
});
const nomenclador = load('nomenclador.json', nomencladorSchema);
export const NOMENCLADOR = {
  codigos: nomenclador.codigos.map((c) => ({
    ...c,
    capitulo: capituloOf(c.codigo),
    unidades: parseUnidades(c.unidades)!,
  })),
  grupos: nomenclador.grupos,
};

export const ZONAS: { numero: number; nombre: string }[] = load('zonas.json', z.array(zonaSchema).min(1));

export const LOCALIDADES: Localidad[] = load('localidades.json', z.array(localidadSchema).min(1));

const horarios = load('horarios.json', horariosSchema);
export const HORARIOS: WeekTemplate[] = horarios.consultorio;
export const GUARDIAS_HORARIOS: WeekTemplate[] = horarios.guardias;

/** A week of the catalogue's ranges as the profile keeps it: each day enabled when it has a range. */
export function toSchedule(template: WeekTemplate): WeeklySchedule {
  const schedule: WeeklySchedule = {};
  for (const day of WEEKDAYS) {
    const ranges = template[day] ?? [];
    schedule[day] = { enabled: ranges.length > 0, times: ranges.map(([start, end]) => ({ start, end })) };
  }
  return schedule;
}

const nacimientos = load('nacimientos.json', nacimientosSchema);
export const DNI_POR_ANIO: [anio: number, millones: number][] = nacimientos.dniPorAnio.map((p) => [
  p.anio,
  p.millones,
]);
export const NACIMIENTOS: { value: [desde: number, hasta: number]; weight: number }[] =
  nacimientos.nacimientos.map((n) => ({ value: [n.desde, n.hasta], weight: n.peso }));

/** The files refer to each other by name; a typo there would silently drop rows from the demo. */
function checkReferences() {
  const problems: string[] = [];
  const zonas = new Set(ZONAS.map((z) => z.numero));
  for (const l of LOCALIDADES) {
    if (!zonas.has(l.zona))
      problems.push(`localidades.json: ${l.nombre} names zona ${l.zona}, not in zonas.json`);
  }
  for (const nombre of [GUARDIAS, ODONTOLOGIA_GENERAL, ...ESPECIALIDADES_EXTRA.map((e) => e.value)]) {
    if (!ESPECIALIDADES.includes(nombre)) problems.push(`especialidades.json: ${nombre} is not in nombres`);
  }
  if (problems.length > 0) throw new Error(`Demo catalogue is inconsistent:\n  ${problems.join('\n  ')}`);
}
checkReferences();

/** The notifications a demo instance starts with, each with the lines of its one-page PDF. */
export const NOTIFICACIONES_DEMO: {
  clave: string;
  title: string;
  category: NotificacionCategoria;
  recipientType: DestinatarioTipo;
  diasAtras: number;
  /** Share of the recipients who already read it. */
  leidas: number;
  lineas: string[];
}[] = [
  {
    clave: 'valores-prestaciones',
    title: 'Nuevos valores de prestaciones',
    category: 'Actualización de valores',
    recipientType: 'profesionales',
    diasAtras: 4,
    leidas: 0.4,
    lineas: [
      'Red Dental - Nuevos valores de prestaciones',
      'A partir del 1 del mes próximo rigen los nuevos valores del nomenclador.',
      'Las prácticas realizadas hasta el último día del mes se liquidan con los valores anteriores.',
      'Ante cualquier duda, comuníquese con el área de prestadores.',
    ],
  },
  {
    clave: 'consentimiento-informado',
    title: 'Formulario de consentimiento informado',
    category: 'Documentación',
    recipientType: 'profesionales',
    diasAtras: 18,
    leidas: 0.8,
    lineas: [
      'Red Dental - Consentimiento informado',
      'Adjuntamos el modelo actualizado del formulario de consentimiento informado.',
      'Debe firmarse antes de toda práctica quirúrgica y guardarse en la historia clínica.',
    ],
  },
  {
    clave: 'atencion-fiestas',
    title: 'Atención durante las fiestas',
    category: 'Comunicación al prestador',
    recipientType: 'profesionales',
    diasAtras: 1,
    leidas: 0,
    lineas: [
      'Red Dental - Atención durante las fiestas',
      'Le pedimos que informe en Mi Perfil las ausencias previstas para fin de año,',
      'así la cartilla de los afiliados muestra quién atiende cada día.',
    ],
  },
  {
    clave: 'cartilla-afiliados',
    title: 'Su cartilla de prestadores, siempre actualizada',
    category: 'Afiliados',
    recipientType: 'afiliados',
    diasAtras: 6,
    leidas: 0.3,
    lineas: [
      'Red Dental - Cartilla de prestadores',
      'En el portal puede buscar odontólogos por especialidad y localidad,',
      'ver quién atiende ahora y quién está de guardia.',
    ],
  },
  {
    clave: 'control-anual',
    title: 'Campaña de prevención: su control anual',
    category: 'Afiliados',
    recipientType: 'afiliados',
    diasAtras: 25,
    leidas: 0.5,
    lineas: [
      'Red Dental - Campaña de prevención',
      'Una consulta de control al año evita la mayoría de los tratamientos complejos.',
      'Pida su turno con cualquier prestador de la cartilla.',
    ],
  },
];
