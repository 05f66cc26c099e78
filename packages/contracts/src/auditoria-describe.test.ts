import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, type AuditAction, SIGN_IN_ACTIONS } from './auditoria.ts';
import { auditReferences, type DescribedAuditRow, describeAudit } from './auditoria-describe.ts';
import { auditDetails } from './auditoria-details.ts';

const LUCIA = { nombre: 'Lucía Acuña', tipoDocumento: 'DNI', documento: '30555111' };
const OSDE = { nombre: 'OSDE' };

/**
 * Each action of the catalogue as the application records it, with its
 * subject's name looked up, and the sentence it reads as; then the same row
 * once the subject is gone. An action added to the catalogue without a row
 * here does not compile (and the test below fails on it).
 */
const SCENARIOS: Record<AuditAction, { row: DescribedAuditRow; says: string; gone: string }[]> = {
  create: [
    {
      row: {
        action: 'create',
        entity: 'autorizacion',
        entityId: '4',
        documento: '30555111',
        details: {
          afiliadoId: 52,
          documento: '30555111',
          numero: 'AU-K7M29QXP',
          estado: 'en_revision',
          items: ['03.01 pieza 36'],
        },
        nombres: { 'afiliado:52': LUCIA },
      },
      says: 'Pidió la autorización AU-K7M29QXP para Lucía Acuña (DNI 30.555.111): 03.01 pieza 36',
      gone: 'Pidió la autorización AU-K7M29QXP para el afiliado con documento 30.555.111: 03.01 pieza 36',
    },
    {
      row: {
        action: 'create',
        entity: 'afiliado',
        entityId: '52',
        documento: '30555111',
        details: { documento: '30555111', obraSocialId: 3 },
        nombres: { 'afiliado:52': LUCIA, 'obra_social:3': OSDE },
      },
      says: 'Creó el afiliado Lucía Acuña (DNI 30.555.111)',
      gone: 'Creó el afiliado con documento 30.555.111 (eliminado)',
    },
    {
      row: {
        action: 'create',
        entity: 'rol',
        entityId: '8',
        details: { name: 'AUDITOR', permissions: ['AUDIT.GET'] },
        nombres: { 'rol:8': { nombre: 'AUDITOR EXTERNO' } },
      },
      says: 'Creó el rol AUDITOR EXTERNO',
      gone: 'Creó el rol AUDITOR (eliminado)',
    },
  ],
  update: [
    {
      row: {
        action: 'update',
        entity: 'linea',
        entityId: '31',
        documento: '30555111',
        details: {
          afiliadoId: 52,
          documento: '30555111',
          codigoValidacion: 'K7M2-9QXP',
          codigo: '02.01',
          antes: 'presentada',
          estado: 'aprobada_parcial',
          motivo: 'D14',
        },
        nombres: { 'afiliado:52': LUCIA },
      },
      says: 'Decidió la prestación 02.01 de la atención K7M2-9QXP de Lucía Acuña (DNI 30.555.111): aprobada en parte',
      gone: 'Decidió la prestación 02.01 de la atención K7M2-9QXP del afiliado con documento 30.555.111: aprobada en parte',
    },
    {
      row: {
        action: 'update',
        entity: 'autorizacion',
        entityId: '4',
        documento: '30555111',
        details: {
          afiliadoId: 52,
          documento: '30555111',
          numero: 'AU-K7M29QXP',
          antes: 'en_revision',
          estado: 'observada',
          motivo: null,
          nota: null,
        },
        nombres: { 'afiliado:52': LUCIA },
      },
      says: 'Observó la autorización AU-K7M29QXP de Lucía Acuña (DNI 30.555.111)',
      gone: 'Observó la autorización AU-K7M29QXP del afiliado con documento 30.555.111',
    },
    {
      row: {
        action: 'update',
        entity: 'confirmacion',
        entityId: '9',
        documento: '30555111',
        details: {
          afiliadoId: 52,
          documento: '30555111',
          codigoValidacion: 'K7M2-9QXP',
          revisada: true,
          nota: 'El afiliado confirmó que no fue atendido',
        },
        nombres: { 'afiliado:52': LUCIA },
      },
      says: 'Marcó revisada la respuesta de Lucía Acuña (DNI 30.555.111) sobre la atención K7M2-9QXP',
      gone: 'Marcó revisada la respuesta del afiliado con documento 30.555.111 sobre la atención K7M2-9QXP',
    },
    {
      row: {
        action: 'update',
        entity: 'obra_social',
        entityId: '3',
        details: { nombre: 'OSDE', mails: [], telefonos: ['341 555-1111'] },
        nombres: { 'obra_social:3': OSDE },
      },
      says: 'Modificó la obra social OSDE',
      gone: 'Modificó la obra social OSDE (eliminada)',
    },
    {
      row: {
        action: 'update',
        entity: 'user',
        entityId: '12',
        details: { estado: 'inactive' },
        nombres: { 'user:12': { nombre: 'Mónica Ríos', email: 'monica@red.example' } },
      },
      says: 'Modificó el usuario Mónica Ríos (monica@red.example)',
      gone: 'Modificó el usuario (eliminado)',
    },
  ],
  delete: [
    {
      row: {
        action: 'delete',
        entity: 'especialidad',
        entityId: '4',
        details: { nombre: 'Ortodoncia' },
        nombres: {},
      },
      says: 'Eliminó la especialidad Ortodoncia',
      gone: 'Eliminó la especialidad Ortodoncia',
    },
    {
      row: { action: 'delete', entity: 'notificacion', entityId: '9', details: null, nombres: {} },
      says: 'Eliminó una notificación',
      gone: 'Eliminó una notificación',
    },
  ],
  approve: [
    {
      row: {
        action: 'approve',
        entity: 'autorizacion',
        entityId: '4',
        documento: '30555111',
        details: {
          afiliadoId: 52,
          documento: '30555111',
          numero: 'AU-K7M29QXP',
          antes: 'en_revision',
          estado: 'aprobada_parcial',
          motivo: 'rx_insuficiente',
          nota: null,
        },
        nombres: { 'afiliado:52': LUCIA },
      },
      says: 'Aprobó en parte la autorización AU-K7M29QXP de Lucía Acuña (DNI 30.555.111)',
      gone: 'Aprobó en parte la autorización AU-K7M29QXP del afiliado con documento 30.555.111',
    },
    {
      row: {
        action: 'approve',
        entity: 'user',
        entityId: '20',
        details: { email: 'juan@consultorio.example' },
        nombres: { 'user:20': { nombre: 'Dr. Juan Pérez', email: 'juan@consultorio.example' } },
      },
      says: 'Aprobó la solicitud de alta de Dr. Juan Pérez (juan@consultorio.example)',
      gone: 'Aprobó la solicitud de alta de juan@consultorio.example (eliminado)',
    },
  ],
  reject: [
    {
      row: {
        action: 'reject',
        entity: 'autorizacion',
        entityId: '4',
        documento: '30555111',
        details: {
          afiliadoId: 52,
          documento: '30555111',
          numero: 'AU-K7M29QXP',
          antes: 'en_revision',
          estado: 'rechazada',
          motivo: 'D04',
          nota: null,
        },
        nombres: { 'afiliado:52': LUCIA },
      },
      says: 'Rechazó la autorización AU-K7M29QXP de Lucía Acuña (DNI 30.555.111)',
      gone: 'Rechazó la autorización AU-K7M29QXP del afiliado con documento 30.555.111',
    },
    {
      row: {
        action: 'reject',
        entity: 'user',
        entityId: '21',
        details: { email: 'ana@consultorio.example', nombre: 'Ana Gómez', motivo: 'Matrícula vencida' },
        nombres: {},
      },
      says: 'Rechazó la solicitud de alta de Ana Gómez (ana@consultorio.example)',
      gone: 'Rechazó la solicitud de alta de Ana Gómez (ana@consultorio.example)',
    },
  ],
  import: [
    {
      row: {
        action: 'import',
        entity: 'afiliado',
        entityId: null,
        details: {
          obraSocialId: 3,
          archivo: 'padron.csv',
          count: 10,
          created: 8,
          updated: 2,
          reactivated: 0,
        },
        nombres: { 'obra_social:3': OSDE },
      },
      says: 'Importó afiliados a la obra social OSDE desde padron.csv',
      gone: 'Importó afiliados a la obra social (eliminada) desde padron.csv',
    },
  ],
  consult: [
    {
      row: {
        action: 'consult',
        entity: 'afiliado',
        entityId: '52',
        documento: '30555111',
        details: { documento: '30555111', found: true },
        nombres: { 'afiliado:52': LUCIA },
      },
      says: 'Consultó la cobertura de Lucía Acuña (DNI 30.555.111)',
      gone: 'Consultó la cobertura del afiliado con documento 30.555.111 (eliminado)',
    },
    {
      row: {
        action: 'consult',
        entity: 'afiliado',
        entityId: null,
        documento: '30555999',
        details: { documento: '30555999', found: false },
        nombres: {},
      },
      says: 'Consultó la cobertura del documento 30.555.999',
      gone: 'Consultó la cobertura del documento 30.555.999',
    },
    {
      row: {
        action: 'consult',
        entity: 'historia',
        entityId: '52',
        documento: '30555111',
        details: { afiliadoId: 52, documento: '30555111', lineas: 4 },
        nombres: { 'afiliado:52': LUCIA },
      },
      says: 'Consultó la historia odontológica de Lucía Acuña (DNI 30.555.111)',
      gone: 'Consultó la historia odontológica del afiliado con documento 30.555.111',
    },
  ],
  search: [
    {
      row: {
        action: 'search',
        entity: 'afiliado',
        entityId: null,
        details: { search: 'acuña', obraSocialId: 3, ids: [52] },
        nombres: { 'obra_social:3': OSDE },
      },
      says: 'Buscó "acuña" entre los afiliados de la obra social OSDE',
      gone: 'Buscó "acuña" entre los afiliados de la obra social (eliminada)',
    },
  ],
  read: [
    {
      row: {
        action: 'read',
        entity: 'afiliado',
        entityId: '52',
        documento: '30555111',
        details: { documento: '30555111' },
        nombres: { 'afiliado:52': LUCIA },
      },
      says: 'Abrió la ficha de Lucía Acuña (DNI 30.555.111)',
      gone: 'Abrió la ficha del afiliado con documento 30.555.111 (eliminado)',
    },
    {
      row: {
        action: 'read',
        entity: 'afiliado',
        entityId: null,
        details: { profesionalId: 6, reportes: [1, 2] },
        nombres: { 'profesional:6': { nombre: 'Dra. Inés Peña' } },
      },
      says: 'Vio los afiliados de los reportes sobre el profesional Dra. Inés Peña',
      gone: 'Vio los afiliados de los reportes sobre el profesional (eliminado)',
    },
  ],
  export: [
    {
      row: {
        action: 'export',
        entity: 'notificacion',
        entityId: '9',
        details: { filtros: {}, formato: 'xlsx', filas: 2, completa: true },
        nombres: { 'notificacion:9': { nombre: 'Cartilla actualizada' } },
      },
      says: 'Exportó los destinatarios de la notificación Cartilla actualizada',
      gone: 'Exportó los destinatarios de la notificación (eliminada)',
    },
    {
      row: {
        action: 'export',
        entity: 'auditoria',
        entityId: null,
        details: { filtros: {}, filas: 3, completa: true },
        nombres: {},
      },
      says: 'Exportó el registro de auditoría',
      gone: 'Exportó el registro de auditoría',
    },
    {
      row: { action: 'export', entity: 'afiliado', entityId: null, details: { filtros: {} }, nombres: {} },
      says: 'Exportó la lista de afiliados',
      gone: 'Exportó la lista de afiliados',
    },
  ],
  deactivate: [
    {
      row: {
        action: 'deactivate',
        entity: 'afiliado',
        entityId: '52',
        documento: '30555111',
        details: { documento: '30555111', nombre: 'Lucía Acuña' },
        nombres: { 'afiliado:52': LUCIA },
      },
      says: 'Dio de baja a Lucía Acuña (DNI 30.555.111)',
      gone: 'Dio de baja a Lucía Acuña (documento 30.555.111, eliminado)',
    },
  ],
  reactivate: [
    {
      row: {
        action: 'reactivate',
        entity: 'afiliado',
        entityId: null,
        details: { obraSocialId: 3, archivo: 'padron.csv', count: 4 },
        nombres: { 'obra_social:3': OSDE },
      },
      says: 'Reactivó a 4 afiliados al importar padron.csv',
      gone: 'Reactivó a 4 afiliados al importar padron.csv',
    },
  ],
  validate: [
    {
      row: {
        action: 'validate',
        entity: 'atencion',
        entityId: '9',
        documento: '30555111',
        details: {
          afiliadoId: 52,
          codigoValidacion: 'K7M2-9QXP',
          documento: '30555111',
          fecha: '2026-12-06',
          canal: 'normal',
          lineas: ['02.01 36 O', '05.01 boca completa'],
        },
        nombres: { 'afiliado:52': LUCIA },
      },
      says: 'Validó la atención K7M2-9QXP de Lucía Acuña (DNI 30.555.111): 02.01 36 O, 05.01 boca completa',
      gone: 'Validó la atención K7M2-9QXP del afiliado con documento 30.555.111: 02.01 36 O, 05.01 boca completa',
    },
  ],
  void: [
    {
      row: {
        action: 'void',
        entity: 'autorizacion',
        entityId: '4',
        documento: '30555111',
        details: { afiliadoId: 52, documento: '30555111', numero: 'AU-K7M29QXP', antes: 'aprobada' },
        nombres: { 'afiliado:52': LUCIA },
      },
      says: 'Anuló la autorización AU-K7M29QXP de Lucía Acuña (DNI 30.555.111)',
      gone: 'Anuló la autorización AU-K7M29QXP del afiliado con documento 30.555.111',
    },
    {
      row: {
        action: 'void',
        entity: 'linea',
        entityId: '31',
        documento: '30555111',
        details: { afiliadoId: 52, codigoValidacion: 'K7M2-9QXP', codigo: '02.01', documento: '30555111' },
        nombres: { 'afiliado:52': LUCIA },
      },
      says: 'Anuló la prestación 02.01 de la atención K7M2-9QXP de Lucía Acuña (DNI 30.555.111)',
      gone: 'Anuló la prestación 02.01 de la atención K7M2-9QXP del afiliado con documento 30.555.111',
    },
  ],
  close: [
    {
      row: {
        action: 'close',
        entity: 'periodo',
        entityId: null,
        details: { periodo: '2026-11', lineas: 1234, semilla: 42 },
        nombres: {},
      },
      says: 'Cerró el período 2026-11: 1234 prestaciones presentadas',
      gone: 'Cerró el período 2026-11: 1234 prestaciones presentadas',
    },
  ],
  login: [signIn('login')],
  login_failed: [signIn('login_failed')],
  second_factor_failed: [signIn('second_factor_failed')],
  recovery_code: [signIn('recovery_code')],
  login_blocked: [signIn('login_blocked')],
};

/** A sign-in row: it says what happened, never the account's number. */
function signIn(action: AuditAction) {
  const row = { action, entity: 'user', entityId: '12', details: null, nombres: {} };
  return { row, says: AUDIT_ACTION_LABELS[action], gone: AUDIT_ACTION_LABELS[action] };
}

/** "afiliado 52", "usuario 12": what a sentence must never say. */
const BARE_ID = /\b(afiliado|obra social|profesional|notificación|usuario|rol|especialidad|zona) \d+\b/;

describe('describeAudit', () => {
  it.each(AUDIT_ACTIONS)('has a sentence for %s', (action) => {
    expect(SCENARIOS[action]?.length, `no scenario for ${action}`).toBeGreaterThan(0);
    for (const { row } of SCENARIOS[action]) {
      const sentence = describeAudit(row);
      // The fallback for an action outside the catalogue is the code itself.
      expect(sentence).not.toBe(`${row.action} ${row.entity}`);
      expect(sentence).not.toMatch(BARE_ID);
      if (SIGN_IN_ACTIONS.has(action)) expect(sentence).toBe(AUDIT_ACTION_LABELS[action]);
    }
  });

  const cases = AUDIT_ACTIONS.flatMap((action) => SCENARIOS[action]);
  it.each(cases.map((c) => [c.says, c]))('reads "%s"', (_, { row, says }) => {
    expect(describeAudit(row)).toBe(says);
  });

  it.each(cases.map((c) => [c.gone, c]))('reads "%s" once what it names is deleted', (_, { row, gone }) => {
    // The API finds none of the names: the subject and what the details point to are gone.
    const deleted = { ...row, nombres: {} };
    expect(describeAudit(deleted)).toBe(gone);
    expect(describeAudit(deleted)).not.toMatch(BARE_ID);
  });

  it('names a row of an action outside the catalogue as recorded', () => {
    expect(describeAudit({ action: 'purge', entity: 'afiliado', entityId: '1' })).toBe('purge afiliado');
  });
});

describe('auditReferences', () => {
  it('asks for the subject and what the details point to, never for a sign-in', () => {
    expect(
      auditReferences({
        action: 'update',
        entity: 'profesional',
        entityId: '6',
        details: { zonaId: 2, especialidades: [4, 5], obrasSociales: [3] },
      }),
    ).toEqual([
      { entity: 'profesional', id: 6 },
      { entity: 'zona', id: 2 },
      { entity: 'obra_social', id: 3 },
      { entity: 'especialidad', id: 4 },
      { entity: 'especialidad', id: 5 },
    ]);
    expect(auditReferences({ action: 'login', entity: 'user', entityId: '12' })).toEqual([]);
    expect(auditReferences({ action: 'update', entity: 'rol', entityId: 'x' })).toEqual([]);
  });
});

describe('auditDetails', () => {
  it.each<[string, DescribedAuditRow, string[]]>([
    [
      'a zone renamed',
      {
        action: 'update',
        entity: 'zona',
        entityId: '2',
        details: { antes: { nombre: 'Centro', numero: 1 }, nombre: 'Centro Norte', numero: 1 },
      },
      ['Nombre: Centro → Centro Norte'],
    ],
    [
      'an account given other roles',
      {
        action: 'update',
        entity: 'user',
        entityId: '12',
        details: { antes: ['ADMINISTRATIVO'], roles: ['ADMINISTRADOR', 'ADMINISTRATIVO'] },
      },
      ['Roles: agregó ADMINISTRADOR'],
    ],
    [
      'a specialty renamed',
      {
        action: 'update',
        entity: 'especialidad',
        entityId: '4',
        details: { antes: 'Orto', nombre: 'Ortodoncia' },
      },
      ['Nombre: Orto → Ortodoncia'],
    ],
    [
      "a professional's zone and specialties",
      {
        action: 'update',
        entity: 'profesional',
        entityId: '6',
        details: { zonaId: 2, especialidades: [4, 5] },
        nombres: { 'zona:2': { nombre: 'Centro' }, 'especialidad:4': { nombre: 'Ortodoncia' } },
      },
      ['Zona: Centro', 'Especialidades: Ortodoncia, eliminada'],
    ],
    [
      'an insurer saved',
      {
        action: 'update',
        entity: 'obra_social',
        entityId: '3',
        details: { nombre: 'OSDE', mails: ['a@osde.example'], telefonos: ['341 555-1111'] },
      },
      ['Emails: a@osde.example', 'Teléfonos: 341 555-1111'],
    ],
    [
      "an affiliate's new e-mail and phone",
      {
        action: 'update',
        entity: 'afiliado',
        entityId: '52',
        details: {
          documento: '30555111',
          email: 'pendiente',
          emailPendiente: 'lucia@correo.example',
          telefono: 'cambiado',
        },
      },
      [
        'Email nuevo, a confirmar por su dueño',
        'Email pendiente de confirmación: lucia@correo.example',
        'Teléfono: cambiado',
      ],
    ],
    [
      'a coverage check',
      { action: 'consult', entity: 'afiliado', entityId: null, details: { documento: '1', found: false } },
      ['Sin afiliado con ese documento'],
    ],
    [
      'a search',
      { action: 'search', entity: 'afiliado', entityId: null, details: { search: 'x', ids: [1, 2] } },
      ['2 afiliados mostrados'],
    ],
    [
      'an export of the log',
      {
        action: 'export',
        entity: 'auditoria',
        entityId: null,
        details: {
          filtros: { accion: 'update', desde: '2025-07-01' },
          formato: 'csv',
          filas: 1200,
          completa: false,
        },
      },
      ['1.200 filas (interrumpida)', 'Formato: CSV', 'Filtros: Acción: Modificó; Desde: 2025-07-01'],
    ],
    [
      'an import',
      {
        action: 'import',
        entity: 'afiliado',
        entityId: null,
        details: { obraSocialId: 3, archivo: 'p.csv', count: 10, created: 8, updated: 2, reactivated: 0 },
      },
      ['10 filas importadas: 8 nuevas, 2 actualizadas, 0 reactivadas'],
    ],
    [
      'a plan’s rule changed: what it said before and after, in words',
      {
        action: 'update',
        entity: 'regla',
        entityId: '4',
        details: {
          antes: {
            planId: 2,
            plan: 'Plan 210 (OSDE)',
            objetivo: '05.01',
            texto: 'Limpieza (05.01): una cada 180 días por afiliado, 100 %, sin coseguro',
            vigenteDesde: '2026-01-01',
            vigenteHasta: null,
          },
          planId: 2,
          plan: 'Plan 210 (OSDE)',
          objetivo: '05.01',
          texto: 'Limpieza (05.01): una cada 365 días por afiliado, 100 %, sin coseguro',
          vigenteDesde: '2026-01-01',
          vigenteHasta: null,
        },
      },
      [
        'Regla: Limpieza (05.01): una cada 180 días por afiliado, 100 %, sin coseguro → Limpieza (05.01): una cada 365 días por afiliado, 100 %, sin coseguro',
      ],
    ],
    [
      'a sign-in with a recovery code',
      { action: 'recovery_code', entity: 'user', entityId: '12', details: { restantes: 1 } },
      ['Le queda 1 código de recuperación'],
    ],
    [
      "an auditor's partial approval",
      {
        action: 'approve',
        entity: 'autorizacion',
        entityId: '4',
        details: {
          afiliadoId: 52,
          documento: '30555111',
          numero: 'AU-K7M29QXP',
          antes: 'en_revision',
          estado: 'aprobada_parcial',
          motivo: 'rx_insuficiente',
          nota: 'Se aprueba la 36',
        },
      },
      [
        'Estado: En revisión → Aprobada en parte',
        'Motivo: La radiografía no permite evaluar la pieza',
        'Nota: Se aprueba la 36',
      ],
    ],
  ])('says %s in words', (_, row, lines) => {
    expect(auditDetails(row)).toEqual(lines);
  });
});
