import { readAfiliadoToken } from './session-token.ts';

/**
 * What this device keeps to show the affiliate's token: written once at
 * enrolment, read by 'Mi token' to compute the code with no connection.
 * Apart from the session, since the code must work days after the last
 * sign-in; it goes when the affiliate signs out here or anyone else signs in.
 */
export interface TokenGuardado {
  afiliadoId: number;
  dispositivoId: number;
  /** Base32, as the enrolment answered it. */
  secreto: string;
  /** The second secret, for the phone's proof when it reads the affiliate's health data (never shown). */
  secretoLectura: string;
  pasoSegundos: number;
  digitos: number;
}

const KEY = 'red-dental.token-afiliado';

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function readTokenGuardado(): TokenGuardado | null {
  try {
    const value = JSON.parse(storage()?.getItem(KEY) ?? 'null') as Partial<TokenGuardado> | null;
    if (
      !value ||
      typeof value.afiliadoId !== 'number' ||
      typeof value.dispositivoId !== 'number' ||
      typeof value.secreto !== 'string' ||
      typeof value.secretoLectura !== 'string' ||
      typeof value.pasoSegundos !== 'number' ||
      typeof value.digitos !== 'number'
    )
      return null;
    return value as TokenGuardado;
  } catch {
    return null;
  }
}

export function saveTokenGuardado(token: TokenGuardado): void {
  storage()?.setItem(KEY, JSON.stringify(token));
}

export function forgetTokenGuardado(): void {
  storage()?.removeItem(KEY);
}

/** The affiliate a session's token is for, or null for a staff token or none. */
export function afiliadoIdOf(sessionToken: string | null | undefined): number | null {
  const subject = readAfiliadoToken(sessionToken)?.subject;
  return subject ? Number(subject.split('.')[1]) : null;
}

/** The device's token, if it belongs to the affiliate of `sessionToken`. */
export function tokenGuardadoDe(sessionToken: string | null | undefined): TokenGuardado | null {
  const kept = readTokenGuardado();
  return kept && kept.afiliadoId === afiliadoIdOf(sessionToken) ? kept : null;
}
