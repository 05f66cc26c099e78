import { TEST_PASSWORD } from '@red-dental/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, randomAddress, uniqueEmail, useTestApp } from '../../../test/helpers.ts';
import { afiliados } from '../../db/schema/index.ts';
import { searchKey } from '../../lib/text.ts';

describe.each(BACKENDS)("the affiliate portal's sign-in by document (%s)", (backend) => {
  const t = useTestApp(backend);

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers,
      remoteAddress: randomAddress(),
    });
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  describe('affiliate sign-in', () => {
    beforeAll(async () => {
      await t.db.insert(afiliados).values({
        nombre: 'María José Fernández',
        nombreBusqueda: searchKey('María José Fernández'),
        tipoDocumento: 'DNI',
        documento: '30123456',
      });
    });

    it('signs an affiliate in by document, written with or without dots', async () => {
      for (const documento of ['30123456', '30.123.456', ' 30 123 456 ']) {
        const res = await post('/api/afiliados/login', { documento });
        expect(res.statusCode).toBe(200);
        expect(res.json().token).toEqual(expect.any(String));
      }
    });

    it('answers the product message for an unknown document', async () => {
      const res = await post('/api/afiliados/login', { documento: '99999999' });
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe('El DNI ingresado no se encuentra en nuestra base de datos.');
      expect((await post('/api/afiliados/login', {})).statusCode).toBe(400);
      expect((await post('/api/afiliados/login', { documento: '...' })).statusCode).toBe(400);
    });

    it('keeps an affiliate token out of staff endpoints', async () => {
      const { token } = (await post('/api/afiliados/login', { documento: '30123456' })).json();
      const auth = { authorization: `Bearer ${token}` };
      expect((await get('/api/user/me', auth)).statusCode).toBe(403);
      expect((await get('/api/profesionales/solicitudes', auth)).statusCode).toBe(403);
      expect(
        (
          await post(
            '/api/user',
            { user: uniqueEmail(), pass: TEST_PASSWORD, roles: ['ADMINISTRADOR'] },
            auth,
          )
        ).statusCode,
      ).toBe(403);
    });

    it('limits guessing documents from one address', async () => {
      const remoteAddress = randomAddress();
      let last = 0;
      for (let i = 0; i < 31; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/afiliados/login',
          payload: { documento: String(40000000 + i) },
          remoteAddress,
        });
        last = res.statusCode;
      }
      expect(last).toBe(429);
    });
  });
});
