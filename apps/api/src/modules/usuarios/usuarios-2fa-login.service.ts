import { type LoginCodigo, MESSAGES } from '@red-dental/contracts';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../lib/errors.ts';
import type { Client } from '../../plugins/auth.ts';
import * as usuarios from './usuarios.repository.ts';
import { challengeExpired, checkCode, finishSetup, startSetup } from './usuarios-2fa.service.ts';
import { buildSessionUser, openSession } from './usuarios-auth.service.ts';

type Deps = Pick<
  FastifyInstance,
  'db' | 'config' | 'secretBox' | 'accountFailures' | 'signUserToken' | 'verifyChallenge'
>;
const M = MESSAGES.segundoFactor;

/** The account a sign-in's challenge names, while it may still sign in as it did when the password was checked. */
async function userOfChallenge(deps: Deps, desafio: string) {
  const claim = deps.verifyChallenge(desafio);
  const user = claim ? await usuarios.findUserById(deps.db, claim.id) : undefined;
  if (!claim || !user || user.status !== 'active' || user.tokenVersion !== claim.tokenVersion)
    throw challengeExpired();
  return user;
}

/**
 * Wrong second-step codes are counted apart from wrong passwords: a right
 * password forgets the password's failures, and must not forget the codes'
 * too, or knowing the password would give unlimited guesses at the code.
 */
const CODE_SCOPE = 'segundo-factor';

/**
 * The second step of a sign-in: a code of the app or a recovery code. Wrong
 * codes are limited per account and address as wrong passwords are (decision
 * 053), in a count of their own that only a right code clears.
 */
export async function loginWithCode(deps: Deps, input: LoginCodigo, client: Client) {
  const user = await userOfChallenge(deps, input.desafio);
  const attempt = await deps.accountFailures.begin(CODE_SCOPE, user.email, client.address);
  const checked = await deps.db.transaction((tx) => checkCode(tx, deps, user, input.codigo));
  if (!checked.ok) {
    await attempt.failed();
    throw badRequest(M.CODE_WRONG, { codigo: M.CODE_WRONG });
  }
  await attempt.succeeded();
  return openSession(deps, await buildSessionUser(deps, user), user, client);
}

/** A sign-in that must set the app up first: the secret to scan. */
export async function setupFromChallenge(deps: Deps, desafio: string) {
  const user = await userOfChallenge(deps, desafio);
  return startSetup(deps, user);
}

/** The first code of the app just set up: two-factor sign-in is on, and the sign-in completes. */
export async function activateFromChallenge(deps: Deps, input: LoginCodigo, client: Client) {
  const user = await userOfChallenge(deps, input.desafio);
  const attempt = await deps.accountFailures.begin(CODE_SCOPE, user.email, client.address);
  let recoveryCodes: string[];
  try {
    ({ recoveryCodes } = await finishSetup(deps, { ...user, address: client.address }, input.codigo));
  } catch (error) {
    await attempt.failed();
    throw error;
  }
  await attempt.succeeded();
  const session = await openSession(deps, await buildSessionUser(deps, user), user, client);
  return { ...session, recoveryCodes };
}
