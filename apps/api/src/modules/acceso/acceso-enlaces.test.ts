import { ERROR_CODES, MESSAGES } from '@red-dental/contracts';
import { readMails } from '@red-dental/testing';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BACKENDS, randomAddress, useTestApp } from '../../../test/helpers.ts';
import { ADDRESS_LIMIT } from '../../plugins/rate-limit.ts';
import { createUserWithRoles } from '../usuarios/usuarios.factories.ts';

/** A mailed recovery link is checked as its page opens: spent or expired is said before the form. */
describe.each(BACKENDS)('checking a recovery link without spending it (%s)', (backend) => {
  const t = useTestApp(backend);

  const send = (method: 'POST' | 'PUT', url: string, payload: object, remoteAddress = randomAddress()) =>
    t.app.inject({ method, url, payload, remoteAddress });
  const check = (id: unknown, remoteAddress?: string) =>
    send('POST', '/api/user/restore-password/check', { id } as object, remoteAddress);

  async function recoveryLink(email: string) {
    expect((await send('POST', '/api/user/recover-password', { email })).statusCode).toBe(200);
    await t.app.mail.drain();
    const mails = (await readMails(t.config.dataDir)).filter((m) => m.to === email);
    return /\/recover-password\/([\w-]+)/.exec(mails.at(-1)?.text ?? '')![1]!;
  }

  it('answers 204 and nothing else for a working link, which still restores the password afterwards', async () => {
    const user = await createUserWithRoles(t.app, t.admin, ['ADMINISTRATIVO']);
    const token = await recoveryLink(user.email);

    const valid = await check(token);
    expect(valid.statusCode).toBe(204);
    // Whose link it is never comes back: no body at all.
    expect(valid.body).toBe('');
    expect((await check(token)).statusCode).toBe(204);

    const restore = await send('PUT', '/api/user/restore-password', {
      id: token,
      password: 'Nueva-Clave-2025',
    });
    expect(restore.statusCode).toBe(200);
  });

  it("says 'El enlace ya se usó o venció' for a used, an expired and an unknown link alike", async () => {
    const user = await createUserWithRoles(t.app, t.admin, ['ADMINISTRATIVO']);
    const used = await recoveryLink(user.email);
    await send('PUT', '/api/user/restore-password', { id: used, password: 'Nueva-Clave-2025' });
    const expired = await recoveryLink(user.email);
    await t.db.execute(
      sql`update password_reset_tokens set expires_at = now() - interval '1 second' where used_at is null`,
    );

    for (const token of [used, expired, 'enlace-que-nunca-existio']) {
      const res = await check(token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: MESSAGES.LINK_SPENT, code: ERROR_CODES.INVALID_TOKEN });
    }
  });

  it('refuses a missing or oversized token with a Spanish message', async () => {
    for (const id of [undefined, '', 'x'.repeat(201), 42]) {
      const res = await check(id);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(MESSAGES.RESTORE_TOKEN_INVALID);
    }
  });

  it("counts against the restore's limit per address: checking gives no guesses beyond using", async () => {
    const address = randomAddress();
    for (let i = 0; i < ADDRESS_LIMIT.max; i++)
      expect((await check(`adivinado-${i}`, address)).statusCode).toBe(400);
    expect((await check('uno-mas', address)).statusCode).toBe(429);
    const restore = await send(
      'PUT',
      '/api/user/restore-password',
      { id: 'otro-mas', password: 'Nueva-Clave-2025' },
      address,
    );
    expect(restore.statusCode).toBe(429);
  });
});
