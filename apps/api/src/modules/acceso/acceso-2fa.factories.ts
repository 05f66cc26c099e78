import { Secret, TOTP } from 'otpauth';
import { loginAs } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';
import { createUserWithRoles } from '../usuarios/usuarios.factories.ts';

/** Accounts with two-factor sign-in, made through the API as their owners turn it on. */

/** The code an authenticator app shows for `secret`, `offset` periods from now. */
export function codeOf(secret: string, offset = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  return totp.generate({ timestamp: Date.now() + offset * 30_000 });
}

/**
 * An account holding `roles` that turned two-factor sign-in on from its own
 * page (the code of the moment spent): its session, secret and recovery codes.
 */
export async function createWithSecondFactor(
  app: App,
  adminAuth: Record<string, string>,
  roles = ['ADMINISTRATIVO'],
) {
  const user = await createUserWithRoles(app, adminAuth, roles);
  const session = await loginAs(app, user.email, user.password);
  const call = (url: string, payload?: object) =>
    app.inject({ method: 'POST', url, headers: session, ...(payload ? { payload } : {}) });
  const setup = (await call('/api/user/2fa/configurar')).json() as {
    secret: string;
    uri: string;
    qr: string;
  };
  const on = await call('/api/user/2fa/activar', {
    codigo: codeOf(setup.secret),
    currentPassword: user.password,
  });
  if (on.statusCode !== 200) throw new Error(`turning two-factor on failed: ${on.statusCode} ${on.body}`);
  return {
    ...user,
    session,
    setup,
    secret: setup.secret,
    recoveryCodes: on.json().recoveryCodes as string[],
  };
}
