import { describe, expect, it } from 'vitest';
import { reglaInputSchema } from './planes.ts';
import { describeRegla, type ReglaForm, reglaFormSchema } from './planes-reglas.ts';

const form = (over: Partial<ReglaForm>): ReglaForm => ({
  objetivoTipo: 'codigo',
  codigo: '05.01',
  grupo: '',
  capitulo: '',
  cubre: true,
  coberturaPct: '100',
  coseguroTipo: 'ninguno',
  coseguro: '',
  requiereAutorizacion: false,
  adjuntos: [],
  frecuencia: '',
  periodo: 'dias',
  periodoDias: '',
  ambito: 'afiliado',
  mismoPrestador: false,
  edadMin: '',
  edadMax: '',
  carenciaDias: '',
  topeMensual: '',
  garantiaMeses: '',
  vigenteDesde: '2026-01-01',
  vigenteHasta: '',
  ...over,
});

describe('a rule in words', () => {
  it('reads the usual rules of a network as staff say them', () => {
    const limpieza = reglaFormSchema.parse(form({ frecuencia: '1', periodoDias: '180' }));
    expect(describeRegla(limpieza, 'Limpieza (05.01)')).toBe(
      'Limpieza (05.01): una cada 180 días por afiliado, 100 %, sin coseguro',
    );
    const protesis = reglaFormSchema.parse(
      form({
        objetivoTipo: 'grupo',
        grupo: 'Prótesis fija',
        coseguroTipo: 'pct',
        coseguro: '50',
        requiereAutorizacion: true,
        adjuntos: ['rx_post', 'rx_pre'],
        carenciaDias: '60',
        topeMensual: '4',
      }),
    );
    expect(protesis.objetivo).toBe('grupo:Prótesis fija');
    expect(protesis.adjuntos).toEqual(['rx_pre', 'rx_post']);
    expect(describeRegla(protesis, 'Grupo Prótesis fija')).toBe(
      'Grupo Prótesis fija: 100 %, coseguro 50 %, hasta 4 por mes, carencia de 60 días, requiere autorización previa, con Rx preoperatoria y Rx postoperatoria',
    );
    const ortodoncia = reglaFormSchema.parse(
      form({
        codigo: '06.01',
        frecuencia: '1',
        periodo: 'total',
        edadMin: '10',
        edadMax: '18',
        coberturaPct: '80',
        coseguroTipo: 'importe',
        coseguro: '15.000',
      }),
    );
    expect(describeRegla(ortodoncia, 'Ortodoncia (06.01)')).toBe(
      'Ortodoncia (06.01): una en total por afiliado, 80 %, coseguro $ 15.000,00, de 10 a 18 años',
    );
    const obturacion = reglaFormSchema.parse(
      form({
        objetivoTipo: 'capitulo',
        capitulo: '02',
        frecuencia: '2',
        periodo: 'anio',
        ambito: 'pieza+cara',
        mismoPrestador: true,
        garantiaMeses: '24',
      }),
    );
    expect(obturacion.objetivo).toBe('capitulo:02');
    expect(describeRegla(obturacion, 'Capítulo 02 (Operatoria dental)')).toBe(
      'Capítulo 02 (Operatoria dental): 2 por año calendario por pieza y cara con el mismo prestador, 100 %, sin coseguro, garantía de 24 meses por pieza y cara',
    );
    const blanqueamiento = reglaFormSchema.parse(form({ cubre: false, frecuencia: '3', coberturaPct: '50' }));
    expect(describeRegla(blanqueamiento, 'Blanqueamiento (05.09)')).toBe(
      'Blanqueamiento (05.09): no cubierto',
    );
  });

  it('refuses what a rule cannot say, in words', () => {
    const errors = (value: ReglaForm) =>
      reglaFormSchema.safeParse(value).error?.issues.map((i) => i.message) ?? [];
    expect(errors(form({ codigo: '' }))).toContain(
      'Elija a qué se aplica la regla: un código, un grupo o un capítulo',
    );
    expect(errors(form({ coberturaPct: '120' }))).toContain('La cobertura es un porcentaje entre 1 y 100');
    expect(errors(form({ coseguroTipo: 'importe', coseguro: 'mucho' }))).toContain(
      'Escriba el coseguro en pesos (1.500,00) o como porcentaje (50 %), o déjelo vacío si no hay',
    );
    expect(errors(form({ edadMin: '18', edadMax: '10' }))).toContain(
      'La edad mínima no puede ser mayor que la máxima',
    );
    expect(errors(form({ vigenteHasta: '2025-01-01' }))).toContain(
      'La fecha de fin no puede ser anterior a la de inicio',
    );
    expect(errors(form({ frecuencia: '1', periodo: 'dias', periodoDias: '' }))).toContain(
      'El período es una cantidad de días entre 1 y 3650, o el año calendario',
    );
    expect(errors(form({ frecuencia: 'dos', periodoDias: '30' }))).toContain(
      'La frecuencia es una cantidad de prestaciones entre 1 y 99',
    );
    const api = reglaInputSchema.safeParse({ ...reglaFormSchema.parse(form({})), cubre: false });
    expect(api.error?.issues[0]?.message).toBe(
      'Una regla que no cubre no lleva cobertura, coseguro, autorización, adjuntos ni límites',
    );
  });
});
