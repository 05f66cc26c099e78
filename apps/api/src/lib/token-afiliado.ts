import { MESSAGES } from '@red-dental/contracts';
import type { FastifyInstance } from 'fastify';
import { acceptedStep } from './totp.ts';

/*
 * The check of an affiliate's token, shared by every door that takes one: the
 * chair (where a code is spent with the visit) and the portal's reads of the
 * affiliate's health data (where the enrolled phone proves itself). The
 * caller reads the device with the token's repository.
 */

/**
 * Wrong tokens for one affiliate: 10 in 15 minutes from one dentist or address (the sign-ins'
 * count), and 20 a day from every door together; past that the token is refused for the
 * affiliate until the day is over, so a code of a million is not found by trying.
 */
const TOKEN_CAP = { max: 20, windowSeconds: 24 * 3600, message: MESSAGES.tokenAfiliado.TOKEN_DEMASIADOS };

/**
 * The time step `codigo` proves on `dispositivo`, later than `lastStep` when
 * given; `'used'` for a right code already spent, undefined for a wrong one.
 * Counted against the affiliate's token from `client` (429 past the limits);
 * a right one forgets the count.
 */
export async function checkToken(
  deps: Pick<FastifyInstance, 'secretBox' | 'accountFailures'>,
  t: {
    afiliadoId: number;
    dispositivo: { secreto: string; paso_segundos: number };
    codigo: string;
    /** Who typed it: a dentist (`profesional:<id>`) or an address. */
    client: string;
    lastStep: number | null;
    timestamp?: number;
  },
): Promise<number | 'used' | undefined> {
  const attempt = await deps.accountFailures.begin('token-afiliado', String(t.afiliadoId), t.client, {
    accountCap: TOKEN_CAP,
  });
  const step = acceptedStep(deps.secretBox.open(t.dispositivo.secreto), t.codigo, t.lastStep, {
    period: t.dispositivo.paso_segundos,
    timestamp: t.timestamp,
  });
  if (typeof step === 'number') await attempt.succeeded();
  else await attempt.failed();
  return step;
}

/**
 * Whether a request comes from the affiliate's enrolled phone (`dispositivo`, as the token's
 * repository reads it): its current code (any of the window, not spent) proves more than the
 * document a portal session opens with. Wrong codes count like the chair's.
 */
export async function provesPhone(
  deps: Pick<FastifyInstance, 'secretBox' | 'accountFailures'>,
  afiliadoId: number,
  dispositivo: { secreto: string; paso_segundos: number } | undefined,
  proof: { codigo: string | undefined; address: string },
): Promise<boolean> {
  if (!dispositivo || !proof.codigo) return false;
  const step = await checkToken(deps, {
    afiliadoId,
    dispositivo,
    codigo: proof.codigo,
    client: proof.address,
    lastStep: null,
  });
  return typeof step === 'number';
}
