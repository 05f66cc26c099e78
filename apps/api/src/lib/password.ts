import { hash, verify } from '@node-rs/argon2';
import { MESSAGES } from '@red-dental/contracts';
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.ts';

// argon2id (the library's default algorithm) with OWASP's suggested cost: 19 MiB, 2 passes.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  // An account without a password ('!', an invitation not accepted yet) takes as long to refuse as any.
  if (!passwordHash.startsWith('$')) return verifyAgainstDummy(password);
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check, so an unknown e-mail cannot be told apart by timing. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
  return false;
}

/**
 * The caller proves an account is theirs with its current password before changing how it is
 * reached or protected (its password, e-mail or second factor): a session alone is not enough.
 * Each try counts like a sign-in, so the check gives no guesses beyond those of the sign-in
 * form; a wrong password is a 400 on the `currentPassword` field.
 */
export async function proveCurrentPassword(
  attempts: FastifyInstance['accountFailures'],
  account: { email: string; passwordHash: string },
  address: string,
  currentPassword: string,
) {
  const attempt = await attempts.begin('login', account.email, address);
  if (!(await verifyPassword(account.passwordHash, currentPassword))) {
    await attempt.failed();
    throw badRequest(MESSAGES.CURRENT_PASSWORD_WRONG, { currentPassword: MESSAGES.CURRENT_PASSWORD_WRONG });
  }
  await attempt.succeeded();
}
