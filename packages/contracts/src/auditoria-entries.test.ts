import { describe, expect, it } from 'vitest';
import { auditDetails } from './auditoria-details.ts';
import { type AuditRecord, auditEntrySchema, readAuditEntry } from './auditoria-entries.ts';

const check = (entry: unknown) => auditEntrySchema.safeParse(entry).success;

describe('auditEntrySchema', () => {
  it.each<[string, AuditRecord]>([
    ['a coverage check', { action: 'consult', entity: 'afiliado', details: { documento: '1', found: true } }],
    [
      'an export of a list',
      {
        action: 'export',
        entity: 'profesional',
        details: { filtros: { search: 'ana' }, formato: 'xlsx', filas: 3, completa: true },
      },
    ],
    ['a download of an account’s own data', { action: 'export', entity: 'datos_personales' }],
    [
      'a download of an affiliate’s own data',
      { action: 'export', entity: 'datos_personales', details: { parcial: true } },
    ],
    ['a wrong second-step code', { action: 'second_factor_failed', entity: 'user' }],
    [
      'an affiliate moved by an import',
      {
        action: 'update',
        entity: 'afiliado',
        details: {
          archivo: 'p.csv',
          obraSocialId: 3,
          obraSocial: 'OSDE',
          documento: '30555111',
          nombre: 'Lucía Acuña',
          obraSocialAnteriorId: null,
          obraSocialAnterior: null,
        },
      },
    ],
    [
      'a role renamed',
      {
        action: 'update',
        entity: 'rol',
        details: { antes: { name: 'A', permissions: [] }, name: 'B', permissions: [] },
      },
    ],
  ])('takes %s as the API writes it', (_, entry) => {
    expect(check(entry)).toBe(true);
  });

  it.each([
    [
      'a field it does not know',
      { action: 'approve', entity: 'user', details: { email: 'a@b.c', extra: 1 } },
    ],
    [
      'a field of another type',
      { action: 'consult', entity: 'afiliado', details: { documento: '1', found: 'sí' } },
    ],
    [
      'an action on what it never acts on',
      { action: 'login', entity: 'afiliado', details: { segundoFactor: true } },
    ],
    ['an export of what is not a list', { action: 'export', entity: 'rol', details: null }],
    [
      'details where the action records none',
      { action: 'delete', entity: 'notificacion', details: { x: 1 } },
    ],
  ])('refuses %s', (_, entry) => {
    expect(check(entry)).toBe(false);
  });
});

describe('readAuditEntry', () => {
  it('answers the entry typed by its action and what it acted on', () => {
    const entry = readAuditEntry({ action: 'recovery_code', entity: 'user', details: { restantes: 2 } });
    expect(entry?.action === 'recovery_code' && entry.details.restantes).toBe(2);
  });

  it('answers nothing for a row of another shape, whose fields are then shown as recorded', () => {
    const row = { action: 'update', entity: 'user', entityId: '4', details: { telefono: '341 555-1111' } };
    expect(readAuditEntry(row)).toBeUndefined();
    expect(auditDetails(row)).toEqual(['Teléfono: 341 555-1111']);
  });
});
