import {
  type CodigoDebito,
  describeRegla,
  type LineaPedidaInput,
  lineaPedidaSchema,
  type Nivel,
  type Regla,
  type ReglaValues,
} from '@red-dental/contracts';
import { buildReglaInput } from '@red-dental/testing';
import { describe, expect, it } from 'vitest';
import {
  type AutorizacionMotor,
  type CodigoMotor,
  type ContextoMotor,
  evaluarVisita,
  type LineaPrevia,
  proximasCubiertas,
  repartir,
} from './prestaciones-motor.ts';

// The scenario table of the rules engine: one case (at least) per débito
// reason the chair can find and per kind of rule, each a visit on a day with
// a history, read the way the dentist reads the answer.

const codigo = (c: Partial<CodigoMotor> & Pick<CodigoMotor, 'codigo' | 'nombre' | 'area'>): CodigoMotor => ({
  capitulo: c.codigo.slice(0, 2),
  carasMin: 0,
  carasMax: 0,
  denticion: 'ambas',
  grupos: [],
  ...c,
});
const CODIGOS = new Map(
  [
    codigo({ codigo: '01.01', nombre: 'Consulta', area: 'boca' }),
    codigo({ codigo: '05.01', nombre: 'Limpieza', area: 'boca' }),
    codigo({ codigo: '05.02', nombre: 'Fluoración', area: 'boca' }),
    codigo({
      codigo: '02.01',
      nombre: 'Obturación simple',
      area: 'caras',
      carasMin: 1,
      carasMax: 1,
      grupos: ['Obturaciones'],
    }),
    codigo({
      codigo: '02.02',
      nombre: 'Obturación compuesta',
      area: 'caras',
      carasMin: 2,
      carasMax: 5,
      grupos: ['Obturaciones'],
    }),
    codigo({
      codigo: '04.01',
      nombre: 'Corona',
      area: 'pieza',
      denticion: 'permanente',
      grupos: ['Prótesis fija'],
    }),
    codigo({ codigo: '07.01', nombre: 'Pulpotomía', area: 'pieza', denticion: 'temporaria' }),
    codigo({ codigo: '08.01', nombre: 'Tartrectomía', area: 'sector' }),
    codigo({ codigo: '06.01', nombre: 'Ortodoncia', area: 'arcada' }),
    codigo({ codigo: '09.01', nombre: 'Rx periapical', area: 'pieza' }),
  ].map((c) => [c.codigo, c]),
);

const FEE = 1_000_000; // $ 10.000,00 every code

function regla(objetivo: string, terms: Partial<ReglaValues> = {}): Regla {
  const values = buildReglaInput({ objetivo, ...terms });
  const nombre = CODIGOS.get(objetivo) ? `${CODIGOS.get(objetivo)!.nombre} (${objetivo})` : objetivo;
  return { id: 1, planId: 1, objetivoNombre: nombre, ...values, texto: describeRegla(values, nombre) };
}

const YO = 7;
const OTRO = 8;
const previa = (p: Partial<LineaPrevia> & Pick<LineaPrevia, 'codigo' | 'fecha'>): LineaPrevia => ({
  pieza: null,
  caras: '',
  sector: null,
  profesionalId: OTRO,
  estado: 'aprobada',
  ...p,
});

function contexto(
  over: Partial<ContextoMotor> = {},
  afiliado: Partial<ContextoMotor['afiliado']> = {},
): ContextoMotor {
  return {
    fecha: '2026-12-06',
    momento: 'atencion',
    canal: 'normal',
    profesionalId: YO,
    afiliado: {
      fechaNacimiento: '1985-05-20',
      fechaAlta: '2020-01-01',
      fechaBaja: null,
      plan: 'Plan 210',
      ...afiliado,
    },
    convenio: { requiereToken: false, tokenBloquea: false, plazoUrgenciaDias: 3 },
    tokenProbado: false,
    reglas: [],
    codigos: CODIGOS,
    aranceles: new Map([...CODIGOS.keys()].map((c) => [c, FEE])),
    historia: [],
    autorizaciones: [],
    ...over,
  };
}

const linea = (l: LineaPedidaInput) => lineaPedidaSchema.parse(l);

interface Caso {
  caso: string;
  reglas: Regla[];
  lineas: LineaPedidaInput[];
  historia?: Partial<LineaPrevia>[];
  ctx?: Partial<ContextoMotor>;
  afiliado?: Partial<ContextoMotor['afiliado']>;
  autorizaciones?: AutorizacionMotor[];
  /** The last line's verdict: its level, the débito reason found (none: fine) and words of its message. */
  nivel: Nivel;
  debito?: CodigoDebito;
  dice?: string;
}

const limpieza180 = regla('05.01', { frecuencia: 1, periodoDias: 180, ambito: 'afiliado' });
const obturaciones = regla('grupo:Obturaciones', { garantiaMeses: 24 });
const aprobada = (over: Partial<AutorizacionMotor> = {}): AutorizacionMotor => ({
  numero: 'A123',
  itemId: 1,
  codigo: '04.01',
  pieza: 36,
  caras: '',
  sector: null,
  estado: 'aprobada',
  item: 'aprobado',
  consumido: false,
  venceEl: '2027-01-31',
  aprobadaEl: '2026-12-01',
  ...over,
});
const corona = regla('04.01', { requiereAutorizacion: true });

const CASOS: Caso[] = [
  // D01: the affiliate on the date of service
  {
    caso: 'D01 de baja before the date of service',
    reglas: [limpieza180],
    lineas: [{ codigo: '05.01' }],
    afiliado: { fechaBaja: '2026-10-01' },
    nivel: 'bloqueo',
    debito: 'D01',
    dice: 'de baja desde el 01/10/2026',
  },
  {
    caso: 'D01 registered after the date of service',
    reglas: [limpieza180],
    lineas: [{ codigo: '05.01' }],
    afiliado: { fechaAlta: '2026-12-10' },
    nivel: 'bloqueo',
    debito: 'D01',
    dice: 'su alta es del 10/12/2026',
  },
  {
    caso: 'a baja after the date of service still covers it',
    reglas: [limpieza180],
    lineas: [{ codigo: '05.01' }],
    afiliado: { fechaBaja: '2026-12-07' },
    nivel: 'ok',
  },
  // D02: not covered
  {
    caso: 'D02 a rule that does not cover',
    reglas: [regla('05.01', { cubre: false, coberturaPct: null })],
    lineas: [{ codigo: '05.01' }],
    nivel: 'bloqueo',
    debito: 'D02',
    dice: 'no cubre Limpieza (05.01)',
  },
  {
    caso: 'D02 no rule for the code',
    reglas: [limpieza180],
    lineas: [{ codigo: '01.01' }],
    nivel: 'bloqueo',
    debito: 'D02',
    dice: 'no tiene regla para Consulta (01.01)',
  },
  {
    caso: 'D02 no plan',
    reglas: [limpieza180],
    lineas: [{ codigo: '05.01' }],
    afiliado: { plan: null },
    nivel: 'bloqueo',
    debito: 'D02',
    dice: 'no tiene plan asignado',
  },
  {
    caso: "a chapter's rule covers its codes",
    reglas: [regla('capitulo:05')],
    lineas: [{ codigo: '05.02' }],
    nivel: 'ok',
  },
  {
    caso: "a code's rule rules over its chapter's",
    reglas: [regla('capitulo:05'), regla('05.02', { cubre: false, coberturaPct: null })],
    lineas: [{ codigo: '05.02' }],
    nivel: 'bloqueo',
    debito: 'D02',
  },
  // D03: frequency, each scope and period
  {
    caso: 'D03 per affiliate, per days',
    reglas: [limpieza180],
    lineas: [{ codigo: '05.01' }],
    historia: [{ codigo: '05.01', fecha: '2026-09-01' }],
    nivel: 'bloqueo',
    debito: 'D03',
    dice: 'la próxima cubierta desde el 28/02/2027',
  },
  {
    caso: 'per affiliate, once the period has passed',
    reglas: [limpieza180],
    lineas: [{ codigo: '05.01' }],
    historia: [{ codigo: '05.01', fecha: '2026-06-01' }],
    nivel: 'ok',
  },
  {
    caso: 'D03 two in one visit meet the frequency as two visits',
    reglas: [limpieza180],
    lineas: [{ codigo: '05.01' }, { codigo: '05.01', sector: null }],
    nivel: 'bloqueo',
    debito: 'D11',
  },
  {
    caso: 'D03 per tooth',
    reglas: [regla('09.01', { frecuencia: 1, periodoDias: 365, ambito: 'pieza' })],
    lineas: [{ codigo: '09.01', pieza: 36 }],
    historia: [{ codigo: '09.01', fecha: '2026-03-01', pieza: 36 }],
    nivel: 'bloqueo',
    debito: 'D03',
  },
  {
    caso: 'per tooth, another tooth is free',
    reglas: [regla('09.01', { frecuencia: 1, periodoDias: 365, ambito: 'pieza' })],
    lineas: [{ codigo: '09.01', pieza: 37 }],
    historia: [{ codigo: '09.01', fecha: '2026-03-01', pieza: 36 }],
    nivel: 'ok',
  },
  {
    caso: 'D03 per tooth and face',
    reglas: [regla('grupo:Obturaciones', { frecuencia: 1, periodoDias: 365, ambito: 'pieza+cara' })],
    lineas: [{ codigo: '02.02', pieza: 36, caras: 'OD' }],
    historia: [{ codigo: '02.01', fecha: '2026-05-01', pieza: 36, caras: 'O' }],
    nivel: 'bloqueo',
    debito: 'D03',
  },
  {
    caso: 'per tooth and face, another face is free',
    reglas: [regla('grupo:Obturaciones', { frecuencia: 1, periodoDias: 365, ambito: 'pieza+cara' })],
    lineas: [{ codigo: '02.01', pieza: 36, caras: 'V' }],
    historia: [{ codigo: '02.01', fecha: '2026-05-01', pieza: 36, caras: 'O' }],
    nivel: 'ok',
  },
  {
    caso: 'D03 per sector',
    reglas: [regla('08.01', { frecuencia: 1, periodoDias: 180, ambito: 'sector' })],
    lineas: [{ codigo: '08.01', sector: 'SD' }],
    historia: [{ codigo: '08.01', fecha: '2026-10-01', sector: 'SD' }],
    nivel: 'bloqueo',
    debito: 'D03',
  },
  {
    caso: 'per sector, another sector is free',
    reglas: [regla('08.01', { frecuencia: 1, periodoDias: 180, ambito: 'sector' })],
    lineas: [{ codigo: '08.01', sector: 'II' }],
    historia: [{ codigo: '08.01', fecha: '2026-10-01', sector: 'SD' }],
    nivel: 'ok',
  },
  {
    caso: "same-dentist frequency ignores another dentist's line",
    reglas: [regla('01.01', { frecuencia: 1, periodoDias: 30, ambito: 'afiliado', mismoPrestador: true })],
    lineas: [{ codigo: '01.01' }],
    historia: [{ codigo: '01.01', fecha: '2026-12-01', profesionalId: OTRO }],
    nivel: 'ok',
  },
  {
    caso: "D03 same-dentist frequency counts the dentist's own",
    reglas: [regla('01.01', { frecuencia: 1, periodoDias: 30, ambito: 'afiliado', mismoPrestador: true })],
    lineas: [{ codigo: '01.01' }],
    historia: [{ codigo: '01.01', fecha: '2026-12-01', profesionalId: YO }],
    nivel: 'bloqueo',
    debito: 'D03',
    dice: '(suya)',
  },
  {
    caso: 'D03 per calendar year',
    reglas: [regla('05.02', { frecuencia: 2, anioCalendario: true, ambito: 'afiliado' })],
    lineas: [{ codigo: '05.02' }],
    historia: [
      { codigo: '05.02', fecha: '2026-02-01' },
      { codigo: '05.02', fecha: '2026-07-01' },
    ],
    nivel: 'bloqueo',
    debito: 'D03',
    dice: 'desde el 01/01/2027',
  },
  {
    caso: "calendar year: last year's lines do not count",
    reglas: [regla('05.02', { frecuencia: 2, anioCalendario: true, ambito: 'afiliado' })],
    lineas: [{ codigo: '05.02' }],
    historia: [
      { codigo: '05.02', fecha: '2025-11-01' },
      { codigo: '05.02', fecha: '2026-07-01' },
    ],
    nivel: 'ok',
  },
  {
    caso: 'D03 once in a lifetime',
    reglas: [regla('06.01', { frecuencia: 1, ambito: 'afiliado' })],
    lineas: [{ codigo: '06.01', sector: 'S' }],
    historia: [{ codigo: '06.01', fecha: '2012-03-01', sector: 'I' }],
    nivel: 'bloqueo',
    debito: 'D03',
    dice: 'no se cubre otra',
  },
  {
    caso: 'an anulled line does not count',
    reglas: [limpieza180],
    lineas: [{ codigo: '05.01' }],
    historia: [{ codigo: '05.01', fecha: '2026-11-01', estado: 'anulada' }],
    nivel: 'ok',
  },
  // D04: guarantee
  {
    caso: 'D04 redone by another dentist: a warning, charged to the first',
    reglas: [obturaciones],
    lineas: [{ codigo: '02.01', pieza: 36, caras: 'O' }],
    historia: [{ codigo: '02.01', fecha: '2026-03-14', pieza: 36, caras: 'O', profesionalId: OTRO }],
    nivel: 'aviso',
    debito: 'D04',
    dice: '36 O: Obturación simple el 14/03/2026 por otro prestador de la red — en garantía hasta el 14/03/2028',
  },
  {
    caso: 'D04 redone by the same dentist: blocked',
    reglas: [obturaciones],
    lineas: [{ codigo: '02.02', pieza: 36, caras: 'MO' }],
    historia: [{ codigo: '02.01', fecha: '2026-03-14', pieza: 36, caras: 'O', profesionalId: YO }],
    nivel: 'bloqueo',
    debito: 'D04',
    dice: 'por usted, en su garantía hasta el 14/03/2028',
  },
  {
    caso: 'guarantee over: fine',
    reglas: [obturaciones],
    lineas: [{ codigo: '02.01', pieza: 36, caras: 'O' }],
    historia: [{ codigo: '02.01', fecha: '2024-12-05', pieza: 36, caras: 'O', profesionalId: YO }],
    nivel: 'ok',
  },
  // D05: attachments
  {
    caso: 'D05 an attachment the rule asks for: a reminder at the chair',
    reglas: [regla('04.01', { adjuntos: ['rx_pre'] })],
    lineas: [{ codigo: '04.01', pieza: 36 }],
    nivel: 'aviso',
    debito: 'D05',
    dice: 'Falta la Rx preoperatoria: adjúntela',
  },
  {
    caso: 'D05 at closing, a débito',
    reglas: [regla('04.01', { adjuntos: ['rx_pre'] })],
    lineas: [{ codigo: '04.01', pieza: 36 }],
    ctx: { momento: 'cierre' },
    nivel: 'bloqueo',
    debito: 'D05',
  },
  {
    caso: 'the attachment carried: fine',
    reglas: [regla('04.01', { adjuntos: ['rx_pre'] })],
    lineas: [{ codigo: '04.01', pieza: 36, adjuntos: ['rx_pre'] }],
    nivel: 'ok',
  },
  // D06: the affiliate's token
  {
    caso: 'D06 token required and not proven',
    reglas: [limpieza180],
    lineas: [{ codigo: '05.01' }],
    ctx: { convenio: { requiereToken: true, tokenBloquea: false, plazoUrgenciaDias: 3 } },
    nivel: 'aviso',
    debito: 'D06',
    dice: 'Sin token del afiliado',
  },
  {
    caso: 'D06 token required, the contract refusing a line without it',
    reglas: [limpieza180],
    lineas: [{ codigo: '05.01' }],
    ctx: { convenio: { requiereToken: true, tokenBloquea: true, plazoUrgenciaDias: 3 } },
    nivel: 'bloqueo',
    debito: 'D06',
    dice: 'no deja validar sin él',
  },
  {
    caso: 'token required and proven',
    reglas: [limpieza180],
    lineas: [{ codigo: '05.01' }],
    ctx: { convenio: { requiereToken: true, tokenBloquea: false, plazoUrgenciaDias: 3 }, tokenProbado: true },
    nivel: 'ok',
  },
  // D07: prior authorization
  {
    caso: 'D07 needed and absent',
    reglas: [corona],
    lineas: [{ codigo: '04.01', pieza: 36 }],
    nivel: 'bloqueo',
    debito: 'D07',
    dice: 'Requiere autorización previa: pídala desde acá',
  },
  {
    caso: 'authorization present',
    reglas: [corona],
    lineas: [{ codigo: '04.01', pieza: 36, autorizacion: 'a123' }],
    autorizaciones: [aprobada()],
    nivel: 'ok',
  },
  {
    caso: 'D07 authorization expired',
    reglas: [corona],
    lineas: [{ codigo: '04.01', pieza: 36, autorizacion: 'A123' }],
    autorizaciones: [aprobada({ venceEl: '2026-11-30' })],
    nivel: 'bloqueo',
    debito: 'D07',
    dice: 'venció el 30/11/2026',
  },
  {
    caso: 'D07 an approval dated after the date of service does not cover it',
    reglas: [corona],
    lineas: [{ codigo: '04.01', pieza: 36, autorizacion: 'A123' }],
    autorizaciones: [aprobada({ aprobadaEl: '2026-12-07' })],
    nivel: 'bloqueo',
    debito: 'D07',
    dice: 'se aprobó el 07/12/2026, después de la atención del 06/12/2026',
  },
  {
    caso: 'an approval of the very day of service covers it',
    reglas: [corona],
    lineas: [{ codigo: '04.01', pieza: 36, autorizacion: 'A123' }],
    autorizaciones: [aprobada({ aprobadaEl: '2026-12-06' })],
    nivel: 'ok',
  },
  {
    caso: 'D07 authorization for another tooth',
    reglas: [corona],
    lineas: [{ codigo: '04.01', pieza: 46, autorizacion: 'A123' }],
    autorizaciones: [aprobada()],
    nivel: 'bloqueo',
    debito: 'D07',
    dice: 'es para la pieza 36, no para la 46',
  },
  {
    caso: 'D07 an emergency goes ahead, to regularize',
    reglas: [corona],
    lineas: [{ codigo: '04.01', pieza: 36 }],
    ctx: { canal: 'urgencia' },
    nivel: 'aviso',
    debito: 'D07',
    dice: 'regularícela antes del 09/12/2026',
  },
  // D08: age
  {
    caso: 'D08 age out of range',
    reglas: [regla('06.01', { edadMin: 10, edadMax: 18 })],
    lineas: [{ codigo: '06.01', sector: 'S' }],
    nivel: 'bloqueo',
    debito: 'D08',
    dice: 'se cubre de 10 a 18 años y el paciente tiene 41',
  },
  {
    caso: 'age within range (birthday on the day)',
    reglas: [regla('06.01', { edadMin: 10, edadMax: 18 })],
    lineas: [{ codigo: '06.01', sector: 'S' }],
    afiliado: { fechaNacimiento: '2016-12-06' },
    nivel: 'ok',
  },
  // D09: waiting period
  {
    caso: 'D09 in the waiting period',
    reglas: [regla('04.01', { carenciaDias: 60 })],
    lineas: [{ codigo: '04.01', pieza: 36 }],
    afiliado: { fechaAlta: '2026-11-01' },
    nivel: 'bloqueo',
    debito: 'D09',
    dice: 'se cubre desde el 31/12/2026',
  },
  {
    caso: 'waiting period over',
    reglas: [regla('04.01', { carenciaDias: 60 })],
    lineas: [{ codigo: '04.01', pieza: 36 }],
    afiliado: { fechaAlta: '2026-10-01' },
    nivel: 'ok',
  },
  // D10: monthly cap
  {
    caso: 'D10 monthly cap reached',
    reglas: [regla('grupo:Obturaciones', { topeMensual: 2 })],
    lineas: [{ codigo: '02.01', pieza: 11, caras: 'V' }],
    historia: [
      { codigo: '02.01', fecha: '2026-12-01', pieza: 36, caras: 'O' },
      { codigo: '02.02', fecha: '2026-12-02', pieza: 37, caras: 'OD' },
    ],
    nivel: 'bloqueo',
    debito: 'D10',
    dice: 'hasta 2 por mes',
  },
  {
    caso: "last month's lines do not count for the cap",
    reglas: [regla('grupo:Obturaciones', { topeMensual: 2 })],
    lineas: [{ codigo: '02.01', pieza: 11, caras: 'V' }],
    historia: [
      { codigo: '02.01', fecha: '2026-11-30', pieza: 36, caras: 'O' },
      { codigo: '02.02', fecha: '2026-11-29', pieza: 37, caras: 'OD' },
    ],
    nivel: 'ok',
  },
  // D11: duplicate
  {
    caso: 'D11 the same line the same day by another dentist',
    reglas: [regla('09.01')],
    lineas: [{ codigo: '09.01', pieza: 21 }],
    historia: [{ codigo: '09.01', fecha: '2026-12-06', pieza: 21 }],
    nivel: 'bloqueo',
    debito: 'D11',
    dice: 'otro prestador de la red',
  },
  // D12: tooth, face or sector against the code
  {
    caso: 'D12 incisal face on a molar',
    reglas: [obturaciones],
    lineas: [{ codigo: '02.01', pieza: 36, caras: 'I' }],
    nivel: 'bloqueo',
    debito: 'D12',
    dice: 'La cara incisal no existe en la pieza 36',
  },
  {
    caso: 'D12 a permanent-only code on a deciduous tooth',
    reglas: [corona],
    lineas: [{ codigo: '04.01', pieza: 75 }],
    nivel: 'bloqueo',
    debito: 'D12',
    dice: 'es solo para piezas permanentes',
  },
  {
    caso: 'D12 a deciduous-only code on a permanent tooth',
    reglas: [regla('07.01')],
    lineas: [{ codigo: '07.01', pieza: 36 }],
    nivel: 'bloqueo',
    debito: 'D12',
  },
  {
    caso: 'D12 palatal face on a lower tooth: a warning',
    reglas: [obturaciones],
    lineas: [{ codigo: '02.01', pieza: 36, caras: 'P' }],
    nivel: 'aviso',
    debito: 'D12',
    dice: 'suele escribirse L',
  },
  {
    caso: 'D12 a deciduous tooth in an adult: a warning',
    reglas: [regla('09.01')],
    lineas: [{ codigo: '09.01', pieza: 75 }],
    nivel: 'aviso',
    debito: 'D12',
    dice: 'La pieza 75 es temporaria y el paciente tiene 41 años: revise la pieza',
  },
  {
    caso: 'D12 too few faces for a compound filling',
    reglas: [obturaciones],
    lineas: [{ codigo: '02.02', pieza: 36, caras: 'O' }],
    nivel: 'bloqueo',
    debito: 'D12',
    dice: 'lleva de 2 a 5 caras',
  },
  {
    caso: 'D12 a tooth code without a tooth',
    reglas: [corona],
    lineas: [{ codigo: '04.01' }],
    nivel: 'bloqueo',
    debito: 'D12',
    dice: 'elija la pieza',
  },
  {
    caso: 'D12 a sector code without a sector',
    reglas: [regla('08.01')],
    lineas: [{ codigo: '08.01' }],
    nivel: 'bloqueo',
    debito: 'D12',
    dice: 'elija el sector',
  },
  {
    caso: 'D12 an arch code given a sector',
    reglas: [regla('06.01')],
    lineas: [{ codigo: '06.01', sector: 'SD' }],
    nivel: 'bloqueo',
    debito: 'D12',
    dice: 'la superior (S) o la inferior (I)',
  },
  {
    caso: 'D12 a whole-mouth code given a tooth',
    reglas: [limpieza180],
    lineas: [{ codigo: '05.01', pieza: 11 }],
    nivel: 'bloqueo',
    debito: 'D12',
    dice: 'no lleva pieza',
  },
  // The cascade: the code's own rule, its groups', its chapter's
  {
    caso: "D04 a group's guarantee holds for a code whose own rule sets only a copay",
    reglas: [obturaciones, regla('02.02', { coseguroPct: 20 })],
    lineas: [{ codigo: '02.02', pieza: 36, caras: 'OD' }],
    historia: [{ codigo: '02.01', fecha: '2026-03-14', pieza: 36, caras: 'O', profesionalId: YO }],
    nivel: 'bloqueo',
    debito: 'D04',
  },
  {
    caso: "a group's waiting period replaces its chapter's",
    reglas: [regla('capitulo:04', { carenciaDias: 180 }), regla('grupo:Prótesis fija', { carenciaDias: 60 })],
    lineas: [{ codigo: '04.01', pieza: 36 }],
    afiliado: { fechaAlta: '2026-09-01' },
    nivel: 'ok',
  },
  {
    caso: "D07 a group's authorization is asked under a code's own rule",
    reglas: [
      regla('grupo:Prótesis fija', { requiereAutorizacion: true }),
      regla('04.01', { coseguroPct: 50 }),
    ],
    lineas: [{ codigo: '04.01', pieza: 36 }],
    nivel: 'bloqueo',
    debito: 'D07',
  },
  // Days at the edges, and lines of the same visit
  {
    caso: 'D04 the guarantee holds through its last day',
    reglas: [obturaciones],
    lineas: [{ codigo: '02.01', pieza: 36, caras: 'O' }],
    historia: [{ codigo: '02.01', fecha: '2024-12-06', pieza: 36, caras: 'O', profesionalId: YO }],
    nivel: 'bloqueo',
    debito: 'D04',
    dice: 'hasta el 06/12/2026',
  },
  {
    caso: 'frequency: the day the period ends frees the next one',
    reglas: [limpieza180],
    lineas: [{ codigo: '05.01' }],
    historia: [{ codigo: '05.01', fecha: '2026-06-09' }],
    nivel: 'ok',
  },
  {
    caso: 'D03 the period’s last day still counts',
    reglas: [limpieza180],
    lineas: [{ codigo: '05.01' }],
    historia: [{ codigo: '05.01', fecha: '2026-06-10' }],
    nivel: 'bloqueo',
    debito: 'D03',
    dice: 'desde el 07/12/2026',
  },
  {
    caso: 'a late visit between two lines of a 2-per-180-days rule fits',
    reglas: [regla('05.02', { frecuencia: 2, periodoDias: 180, ambito: 'afiliado' })],
    lineas: [{ codigo: '05.02' }],
    ctx: { fecha: '2026-11-06' },
    historia: [
      { codigo: '05.02', fecha: '2026-05-15' },
      { codigo: '05.02', fecha: '2026-11-16' },
    ],
    nivel: 'ok',
  },
  {
    caso: 'D03 a late visit that would make three in 180 days',
    reglas: [regla('05.02', { frecuencia: 2, periodoDias: 180, ambito: 'afiliado' })],
    lineas: [{ codigo: '05.02' }],
    ctx: { fecha: '2026-11-06' },
    historia: [
      { codigo: '05.02', fecha: '2026-06-15' },
      { codigo: '05.02', fecha: '2026-11-16' },
    ],
    nivel: 'bloqueo',
    debito: 'D03',
  },
  {
    caso: 'D03 the second of a once-a-year group in one visit',
    reglas: [regla('grupo:Obturaciones', { frecuencia: 1, periodoDias: 365, ambito: 'afiliado' })],
    lineas: [
      { codigo: '02.01', pieza: 36, caras: 'O' },
      { codigo: '02.01', pieza: 46, caras: 'O' },
    ],
    nivel: 'bloqueo',
    debito: 'D03',
  },
  {
    caso: 'D10 the cap counts the visit’s own lines',
    reglas: [regla('grupo:Obturaciones', { topeMensual: 1 })],
    lineas: [
      { codigo: '02.01', pieza: 36, caras: 'O' },
      { codigo: '02.01', pieza: 46, caras: 'O' },
    ],
    nivel: 'bloqueo',
    debito: 'D10',
  },
  {
    caso: 'D11 the same line twice by the dentist herself',
    reglas: [regla('09.01')],
    lineas: [{ codigo: '09.01', pieza: 21 }],
    historia: [{ codigo: '09.01', fecha: '2026-12-06', pieza: 21, profesionalId: YO }],
    nivel: 'bloqueo',
    debito: 'D11',
    dice: 'registrada por usted',
  },
  {
    caso: 'D08 an age rule with no birth date: a warning',
    reglas: [regla('06.01', { edadMin: 10, edadMax: 18 })],
    lineas: [{ codigo: '06.01', sector: 'S' }],
    afiliado: { fechaNacimiento: null },
    nivel: 'aviso',
    debito: 'D08',
  },
  {
    caso: 'D07 an authorization not yet approved',
    reglas: [corona],
    lineas: [{ codigo: '04.01', pieza: 36, autorizacion: 'A123' }],
    autorizaciones: [aprobada({ estado: 'en_revision' })],
    nivel: 'bloqueo',
    debito: 'D07',
    dice: 'no está aprobada',
  },
  {
    caso: 'D07 an authorization already used',
    reglas: [corona],
    lineas: [{ codigo: '04.01', pieza: 36, autorizacion: 'A123' }],
    autorizaciones: [aprobada({ estado: 'consumida' })],
    nivel: 'bloqueo',
    debito: 'D07',
    dice: 'ya se usó',
  },
  {
    caso: 'D07 an item of the request already used by another line',
    reglas: [corona],
    lineas: [{ codigo: '04.01', pieza: 36, autorizacion: 'A123' }],
    autorizaciones: [aprobada({ consumido: true })],
    nivel: 'bloqueo',
    debito: 'D07',
    dice: 'ya se usó',
  },
  {
    caso: 'D07 a partial approval that left this item out',
    reglas: [corona],
    lineas: [{ codigo: '04.01', pieza: 36, autorizacion: 'A123' }],
    autorizaciones: [
      aprobada({ estado: 'aprobada_parcial', item: 'rechazado' }),
      aprobada({ estado: 'aprobada_parcial', itemId: 2, pieza: 46 }),
    ],
    nivel: 'bloqueo',
    debito: 'D07',
    dice: 'no incluye aprobada la 04.01 en pieza 36',
  },
  {
    caso: 'D07 a request of several items: the line finds its own',
    reglas: [corona],
    lineas: [{ codigo: '04.01', pieza: 46, autorizacion: 'a123' }],
    autorizaciones: [aprobada(), aprobada({ itemId: 2, pieza: 46 })],
    nivel: 'ok',
  },
  // D14: no fee under the contract
  {
    caso: 'D14 no fee for the code that day',
    reglas: [limpieza180],
    lineas: [{ codigo: '05.01' }],
    ctx: { aranceles: new Map() },
    nivel: 'bloqueo',
    debito: 'D14',
  },
];

describe('the rules engine, case by case', () => {
  it.each(CASOS)('$caso', (c) => {
    const ctx = contexto(
      {
        reglas: c.reglas,
        historia: (c.historia ?? []).map((h) => previa(h as LineaPrevia)),
        autorizaciones: c.autorizaciones ?? [],
        ...c.ctx,
      },
      c.afiliado,
    );
    const juzgadas = evaluarVisita(ctx, c.lineas.map(linea));
    const ultima = juzgadas.at(-1)!;
    expect(ultima.nivel, JSON.stringify(ultima.resultados)).toBe(c.nivel);
    if (c.debito) {
      const r = ultima.resultados.find((x) => x.codigo === c.debito);
      expect(r, JSON.stringify(ultima.resultados)).toBeDefined();
      if (c.dice) expect(r!.mensaje).toContain(c.dice);
    } else expect(ultima.resultados.filter((r) => r.nivel !== 'ok')).toEqual([]);
  });

  it('covers every débito reason the chair can find', () => {
    const found = new Set(CASOS.map((c) => c.debito));
    for (const d of ['D01', 'D02', 'D03', 'D04', 'D05', 'D06', 'D07', 'D08', 'D09', 'D10', 'D11', 'D12'])
      expect(found, d).toContain(d);
  });
});

describe('who pays what', () => {
  it('a copay in pesos, and as a share of the fee', () => {
    expect(repartir(FEE, { coberturaPct: 100, coseguroImporte: 150_000, coseguroPct: null })).toEqual({
      coseguro: 150_000,
      cargoOs: 850_000,
    });
    expect(repartir(FEE, { coberturaPct: 100, coseguroImporte: null, coseguroPct: 30 })).toEqual({
      coseguro: 300_000,
      cargoOs: 700_000,
    });
  });

  it('what the plan does not cover is the affiliate’s, and never more than the fee', () => {
    expect(repartir(FEE, { coberturaPct: 70, coseguroImporte: null, coseguroPct: null })).toEqual({
      coseguro: 300_000,
      cargoOs: 700_000,
    });
    expect(repartir(FEE, { coberturaPct: 50, coseguroImporte: 900_000, coseguroPct: null })).toEqual({
      coseguro: FEE,
      cargoOs: 0,
    });
    // Half a centavo goes to the insurer, in integers, whether the plan covers half or the copay is half.
    expect(repartir(333, { coberturaPct: 50, coseguroImporte: null, coseguroPct: null })).toEqual({
      coseguro: 166,
      cargoOs: 167,
    });
    expect(repartir(333, { coberturaPct: 100, coseguroImporte: null, coseguroPct: 50 })).toEqual({
      coseguro: 166,
      cargoOs: 167,
    });
  });

  it('a validated line carries its fee, copay and the insurer’s share, and says so', () => {
    const ctx = contexto({ reglas: [regla('05.01', { coseguroImporte: 200_000 })] });
    const [l] = evaluarVisita(ctx, [linea({ codigo: '05.01' })]);
    expect(l).toMatchObject({ nivel: 'ok', importe: FEE, coseguro: 200_000, cargoOs: 800_000 });
    expect(l!.resultados[0]!.mensaje).toBe(
      'Cubierta: $ 8.000,00 a cargo de la obra social, coseguro $ 2.000,00',
    );
  });
});

describe('what the chair reads before treating', () => {
  it('the next covered day of a limited code, and a waiting period still running', () => {
    const ctx = contexto(
      {
        reglas: [limpieza180, regla('04.01', { carenciaDias: 60 })],
        historia: [previa({ codigo: '05.01', fecha: '2026-11-13' })],
      },
      { fechaAlta: '2026-11-01' },
    );
    expect(proximasCubiertas(ctx)).toEqual([
      'Limpieza (05.01): la próxima cubierta desde el 12/05/2027',
      'Corona (04.01): en carencia, se cubre desde el 31/12/2026',
    ]);
  });
});
