import { MESSAGES } from '@red-dental/contracts';
import type { FastifyInstance } from 'fastify';
import { acceptedStep } from './totp.ts';

/*
 * The check of an affiliate's token, shared by every door that takes one: the
 * chair (a code said aloud, spent with the visit), the portal's reads of the
 * affiliate's health data (the phone's own proof, from a second secret), and
 * a phone giving the token up. The caller reads the device with the token's
 * repository. Each door has its own budget of wrong guesses, so guessing at
 * one never locks another.
 */

export type TokenDoor = 'sillon' | 'lectura' | 'olvido';

const BUDGETS: Record<
  TokenDoor,
  { pair: { max: number; windowSeconds: number }; whole: { max: number; windowSeconds: number } }
> = {
  // Per affiliate and dentist: the sign-ins' 10 in 15 minutes; per affiliate, 20 a day from all.
  sillon: { pair: { max: 10, windowSeconds: 15 * 60 }, whole: { max: 20, windowSeconds: 24 * 3600 } },
  // Per affiliate and address; a read comes with every visit to 'Mis prestaciones', a wrong one
  // only from a device that is not the phone.
  lectura: { pair: { max: 10, windowSeconds: 15 * 60 }, whole: { max: 20, windowSeconds: 24 * 3600 } },
  olvido: { pair: { max: 10, windowSeconds: 15 * 60 }, whole: { max: 20, windowSeconds: 24 * 3600 } },
};

/**
 * The time step `codigo` proves with the sealed `secreto`, later than
 * `lastStep` when given; `'used'` for a right code already spent, undefined
 * for a wrong one. Each guess takes a unit of the door's budgets (per
 * affiliate and `client`, per affiliate) before it is checked, 429 when none
 * is left; a right one gives them back.
 */
export async function checkToken(
  deps: Pick<FastifyInstance, 'secretBox' | 'spendFailure'>,
  t: {
    door: TokenDoor;
    afiliadoId: number;
    secreto: string;
    pasoSegundos: number;
    codigo: string;
    /** Who typed it: a dentist (`profesional:<id>`) or an address. */
    client: string;
    lastStep: number | null;
    timestamp?: number;
  },
): Promise<number | 'used' | undefined> {
  const budget = BUDGETS[t.door];
  const message = MESSAGES.tokenAfiliado.TOKEN_DEMASIADOS;
  const pair = await deps.spendFailure(`token:${t.door}:${t.afiliadoId}:${t.client}`, {
    ...budget.pair,
    message,
  });
  const whole = await deps.spendFailure(`token:${t.door}:${t.afiliadoId}`, { ...budget.whole, message });
  const step = acceptedStep(deps.secretBox.open(t.secreto), t.codigo, t.lastStep, {
    period: t.pasoSegundos,
    timestamp: t.timestamp,
  });
  if (typeof step === 'number') {
    await pair.refund();
    await whole.refund();
  }
  return step;
}

/**
 * Whether a request comes from the affiliate's enrolled phone (`dispositivo`, as the token's
 * repository reads it): the code of its second secret, which the phone computes for reads and never
 * shows, proves more than the document a portal session opens with. 'sin_telefono' when there is
 * no phone or no code; 'incorrecto' for a wrong code (the caller audits it).
 */
export async function provesPhone(
  deps: Pick<FastifyInstance, 'secretBox' | 'spendFailure'>,
  afiliadoId: number,
  dispositivo: { secreto_lectura: string; paso_segundos: number } | undefined,
  proof: { codigo: string | undefined; address: string },
): Promise<'ok' | 'sin_telefono' | 'incorrecto'> {
  if (!dispositivo || !proof.codigo) return 'sin_telefono';
  const step = await checkToken(deps, {
    door: 'lectura',
    afiliadoId,
    secreto: dispositivo.secreto_lectura,
    pasoSegundos: dispositivo.paso_segundos,
    codigo: proof.codigo,
    client: proof.address,
    lastStep: null,
  });
  return typeof step === 'number' ? 'ok' : 'incorrecto';
}
