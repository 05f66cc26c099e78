import { afiliadoInputSchema, obraSocialInputSchema } from '@red-dental/contracts';
import { describe, expect, it } from 'vitest';
import { buildAfiliadoInput, buildObraSocialInput, uniqueDocumento, uniqueEmail } from './builders.ts';

describe('builders', () => {
  it('build bodies the API accepts as they are', () => {
    const afiliado = buildAfiliadoInput({ obraSocial: { id: 7 } });
    expect(afiliadoInputSchema.parse(afiliado)).toEqual(afiliado);
    const obraSocial = buildObraSocialInput();
    expect(obraSocialInputSchema.parse(obraSocial)).toEqual(obraSocial);
  });

  it('keep the fields a test gives', () => {
    expect(
      buildAfiliadoInput({ nombre: 'Rosa Benítez', tipoDocumento: 'LE', obraSocial: { id: 1 } }),
    ).toMatchObject({ nombre: 'Rosa Benítez', tipoDocumento: 'LE', obraSocial: { id: 1 } });
  });

  it('never repeat a document, an e-mail or an insurer name, and mail only reserved domains', () => {
    const documentos = Array.from({ length: 500 }, uniqueDocumento);
    expect(new Set(documentos).size).toBe(500);
    expect(documentos.every((d) => /^\d{8}$/.test(d))).toBe(true);
    const emails = Array.from({ length: 500 }, () => uniqueEmail('Prueba'));
    expect(new Set(emails).size).toBe(500);
    expect(emails.every((e) => /^prueba\.[\w-]+@example\.com$/.test(e))).toBe(true);
    expect(buildObraSocialInput().nombre).not.toBe(buildObraSocialInput().nombre);
    expect(buildObraSocialInput().mail.every((m) => m.endsWith('.example'))).toBe(true);
  });
});
