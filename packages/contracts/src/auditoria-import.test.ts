import { describe, expect, it } from 'vitest';
import { type DescribedAuditRow, describeAudit } from './auditoria-describe.ts';
import { auditDetails } from './auditoria-details.ts';

/** The rows an import of 'padron-union.csv' into Unión Personal (3) writes, as the API records them. */
const BY_IMPORT = { archivo: 'padron-union.csv', obraSocialId: 3, obraSocial: 'Unión Personal' };
const NOMBRES = {
  'afiliado:52': { nombre: 'Lucía Acuña', tipoDocumento: 'DNI', documento: '30555111' },
  'afiliado:53': { nombre: 'Bruno Álvarez', tipoDocumento: 'DNI', documento: '30111222' },
  'obra_social:3': { nombre: 'Unión Personal' },
};

describe('what Auditoría says of an import and of what it did to each affiliate', () => {
  it('says the import’s insurer, file and counts', () => {
    const row: DescribedAuditRow = {
      action: 'import',
      entity: 'afiliado',
      entityId: null,
      details: {
        ...BY_IMPORT,
        count: 4,
        created: 1,
        updated: 2,
        reactivated: 0,
        deactivated: 1,
        moved: 2,
        errorCount: 3,
      },
      nombres: NOMBRES,
    };
    expect(describeAudit(row)).toBe(
      'Importó afiliados a la obra social Unión Personal desde padron-union.csv',
    );
    expect(auditDetails(row)).toEqual([
      '4 filas importadas: 1 nueva, 2 actualizadas, 0 reactivadas',
      'Cambiaron de obra social: 2 afiliados',
      'Dados de baja (no estaban en el archivo): 1 afiliado',
      'Rechazadas: 3 líneas',
    ]);
  });

  it('says whom it gave de baja and why', () => {
    const row: DescribedAuditRow = {
      action: 'deactivate',
      entity: 'afiliado',
      entityId: '53',
      documento: '30111222',
      details: { ...BY_IMPORT, documento: '30111222', nombre: 'Bruno Álvarez' },
      nombres: NOMBRES,
    };
    expect(describeAudit(row)).toBe('Dio de baja a Bruno Álvarez (DNI 30.111.222)');
    expect(auditDetails(row)).toEqual([
      'Al importar padron-union.csv: no figuraba en el archivo de Unión Personal',
    ]);
  });

  it('says whom it moved, from which insurer, as named at the time', () => {
    const row: DescribedAuditRow = {
      action: 'update',
      entity: 'afiliado',
      entityId: '52',
      documento: '30555111',
      details: {
        ...BY_IMPORT,
        documento: '30555111',
        nombre: 'Lucía Acuña',
        obraSocialAnteriorId: 2,
        obraSocialAnterior: 'OSDE',
      },
      nombres: NOMBRES,
    };
    expect(describeAudit(row)).toBe('Modificó el afiliado Lucía Acuña (DNI 30.555.111)');
    expect(auditDetails(row)).toEqual(['Al importar padron-union.csv: pasó de OSDE a Unión Personal']);
    const sinObra = {
      ...row,
      details: { ...row.details, obraSocialAnteriorId: null, obraSocialAnterior: null },
    };
    expect(auditDetails(sinObra)).toEqual([
      'Al importar padron-union.csv: sin obra social asignada, pasó a Unión Personal',
    ]);
  });
});
