import { TOKEN_AFILIADO_HEADER } from '@red-dental/contracts';
import { Secret, TOTP } from 'otpauth';
import { apiRequest } from './api-client.ts';
import { getToken } from './session.ts';
import { type TokenGuardado, tokenGuardadoDe } from './token-guardado.ts';

/*
 * The affiliate's code as the phone computes it (RFC 6238, as the server
 * checks it), loaded only by the screen that shows it and by a sign-in that
 * finds another affiliate's token on the device.
 */

/** The phone's codes from one of its secrets: the one it shows, or the one that proves it on reads. */
const totpDe = (t: TokenGuardado, secreto: string) =>
  new TOTP({
    algorithm: 'SHA1',
    digits: t.digitos,
    period: t.pasoSegundos,
    secret: Secret.fromBase32(secreto),
  });

/** The code at `at` (ms since the epoch) and the seconds it has left. */
export function codigoEn(t: TokenGuardado, at = Date.now()): { codigo: string; quedan: number } {
  const paso = t.pasoSegundos * 1000;
  return {
    codigo: totpDe(t, t.secreto).generate({ timestamp: at }),
    quedan: Math.ceil((paso - (at % paso)) / 1000),
  };
}

/**
 * Tells the server this device no longer shows the token (another affiliate
 * signed in on it), proving it held it with the current code. Best effort:
 * offline it changes nothing, and the secret is gone from the device anyway.
 */
export async function olvidarEnServidor(t: TokenGuardado): Promise<void> {
  await apiRequest('afiliados/token/olvidar', {
    method: 'POST',
    auth: false,
    body: { dispositivoId: t.dispositivoId, token: codigoEn(t).codigo },
  }).catch(() => undefined);
}

/**
 * The header that proves a request comes from the phone enrolled for the signed-in affiliate's
 * token, for reads of their health data: the code of its second secret, never shown, so a code said
 * aloud at the chair opens nothing; none on any other device.
 */
export function phoneProof(): Record<string, string> | undefined {
  const telefono = tokenGuardadoDe(getToken());
  return telefono
    ? { [TOKEN_AFILIADO_HEADER]: totpDe(telefono, telefono.secretoLectura).generate() }
    : undefined;
}
