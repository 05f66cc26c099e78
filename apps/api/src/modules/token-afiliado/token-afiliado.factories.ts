import { TOKEN_AFILIADO, type TokenSecreto } from '@red-dental/contracts';
import { Secret, TOTP } from 'otpauth';
import type { App } from '../../app.ts';

/** The code the phone shows at `at` (ms), computed as the portal computes it from what enrolment answered. */
export const codigoDel = (s: Pick<TokenSecreto, 'secreto' | 'pasoSegundos'>, at = Date.now()) =>
  new TOTP({
    algorithm: TOKEN_AFILIADO.algoritmo,
    digits: TOKEN_AFILIADO.digitos,
    period: s.pasoSegundos,
    secret: Secret.fromBase32(s.secreto),
  }).generate({ timestamp: at });

/** Enrols a phone for the affiliate with a code staff print, as the desk and the portal do; what the phone keeps. */
export async function enrolarTelefono(
  app: App,
  staff: Record<string, string>,
  afiliado: { id: number; auth: Record<string, string> },
): Promise<TokenSecreto> {
  const printed = await app.inject({
    method: 'POST',
    url: `/api/afiliados/${afiliado.id}/token/codigo`,
    headers: staff,
  });
  if (printed.statusCode !== 200) throw new Error(`codigo: ${printed.statusCode} ${printed.body}`);
  const enrolled = await app.inject({
    method: 'POST',
    url: '/api/afiliados/profile/token',
    headers: afiliado.auth,
    payload: { codigo: printed.json().codigo },
  });
  if (enrolled.statusCode !== 200) throw new Error(`activar: ${enrolled.statusCode} ${enrolled.body}`);
  return enrolled.json();
}
