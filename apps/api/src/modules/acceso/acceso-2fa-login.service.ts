import { type LoginCodigo, MESSAGES } from '@red-dental/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError, badRequest } from '../../lib/errors.ts';
import type { Client } from '../../plugins/auth.ts';
import type { Limit } from '../../plugins/rate-limit.ts';
import { recordAudit } from '../auditoria/auditoria.repository.ts';
import * as usuarios from '../usuarios/usuarios.repository.ts';
import { codesTriedMail } from './acceso.mails.ts';
import { buildSessionUser, openSession } from './acceso.service.ts';
import { challengeExpired, checkCode, finishSetup, startSetup } from './acceso-2fa.service.ts';

type Deps = Pick<
  FastifyInstance,
  | 'db'
  | 'config'
  | 'mail'
  | 'secretBox'
  | 'accountFailures'
  | 'withinQuota'
  | 'exhaustQuota'
  | 'signUserToken'
  | 'verifyChallenge'
>;
const M = MESSAGES.acceso;

/**
 * Wrong second-step codes are counted apart from wrong passwords: a right
 * password forgets the password's failures, and must not forget the codes'
 * too, or knowing the password would give unlimited guesses at the code.
 */
const CODE_SCOPE = 'segundo-factor';
/**
 * Wrong codes for one account from every address together: past 20 in 15
 * minutes the account's second step is refused everywhere until the window
 * passes (well inside ASVS's 100 an hour), however many addresses guess.
 */
const ACCOUNT_CODE_CAP: Limit = { max: 20, windowSeconds: 15 * 60, message: M.CODES_LOCKED };
/** Codes one challenge takes; then it is dead, and the password must be given again. */
const CHALLENGE_TRIES: Limit = { max: 5, windowSeconds: 5 * 60 };

type ChallengedUser = NonNullable<Awaited<ReturnType<typeof usuarios.findUserById>>>;

/**
 * The account a sign-in's challenge names, while it may still sign in as it
 * did when the password was checked, and the challenge's id.
 */
async function userOfChallenge(deps: Deps, desafio: string) {
  const claim = deps.verifyChallenge(desafio);
  const user = claim ? await usuarios.findUserById(deps.db, claim.id) : undefined;
  if (!claim || !user || user.status !== 'active' || user.tokenVersion !== claim.tokenVersion)
    throw challengeExpired();
  return { user, challengeKey: `desafio:${claim.challengeId}` };
}

const actorOf = (user: ChallengedUser, client: Client) => ({
  id: user.id,
  email: user.email,
  address: client.address,
});

/**
 * Runs one code attempt of a challenge: refused once the challenge is spent
 * or has taken its five codes, and once the account had its wrong codes from
 * everywhere (each refusal on the record). A wrong code is on the record too,
 * and the one that reaches the account's cap tells the owner by mail.
 */
async function attemptCode<T>(
  deps: Deps,
  desafio: string,
  client: Client,
  check: (user: ChallengedUser) => Promise<T>,
): Promise<{ user: ChallengedUser; result: T }> {
  const { user, challengeKey } = await userOfChallenge(deps, desafio);
  if (!(await deps.withinQuota(deps.db, challengeKey, CHALLENGE_TRIES))) throw challengeExpired();
  let attempt: Awaited<ReturnType<Deps['accountFailures']['begin']>>;
  try {
    attempt = await deps.accountFailures.begin(CODE_SCOPE, user.email, client.address, {
      accountCap: ACCOUNT_CODE_CAP,
    });
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 429)
      await recordAudit(deps.db, actorOf(user, client), {
        action: 'login_blocked',
        entity: 'user',
        entityId: user.id,
        details: { paso: 'codigo' },
      });
    throw error;
  }
  let result: T;
  try {
    result = await check(user);
  } catch (error) {
    if (!(error instanceof AppError) || error.statusCode !== 400) throw error;
    const { reachedAccountCap } = await attempt.failed();
    await deps.db.transaction(async (tx) => {
      await recordAudit(tx, actorOf(user, client), {
        action: 'second_factor_failed',
        entity: 'user',
        entityId: user.id,
      });
      if (reachedAccountCap)
        await deps.mail.enqueue(tx, codesTriedMail(user.email, `${deps.config.publicUrl}/mi-cuenta`));
    });
    if (reachedAccountCap) deps.mail.wake();
    throw error;
  }
  await attempt.succeeded();
  // A challenge signs in once.
  await deps.exhaustQuota(deps.db, challengeKey, CHALLENGE_TRIES);
  return { user, result };
}

/**
 * The second step of a sign-in: a code of the app or a recovery code. Wrong
 * codes are limited per account and address as wrong passwords are (decision
 * 053), in a count of their own that only a right code clears, and per
 * account from every address together.
 */
export async function loginWithCode(deps: Deps, input: LoginCodigo, client: Client) {
  const { user, result } = await attemptCode(deps, input.desafio, client, async (user) => {
    const checked = await deps.db.transaction((tx) => checkCode(tx, deps, user, input.codigo));
    if (!checked.ok) throw badRequest(M.CODE_WRONG, { codigo: M.CODE_WRONG });
    return checked;
  });
  if (result.recoveryLeft !== undefined)
    await recordAudit(deps.db, actorOf(user, client), {
      action: 'recovery_code',
      entity: 'user',
      entityId: user.id,
      details: { restantes: result.recoveryLeft },
    });
  return openSession(deps, await buildSessionUser(deps, user), user, client, { secondFactor: true });
}

/** A sign-in that must set the app up first: the secret to scan. */
export async function setupFromChallenge(deps: Deps, desafio: string) {
  const { user } = await userOfChallenge(deps, desafio);
  return startSetup(deps, user);
}

/** The first code of the app just set up: two-factor sign-in is on, and the sign-in completes. */
export async function activateFromChallenge(deps: Deps, input: LoginCodigo, client: Client) {
  const { user, result } = await attemptCode(deps, input.desafio, client, (user) =>
    finishSetup(deps, actorOf(user, client), input.codigo),
  );
  const session = await openSession(deps, await buildSessionUser(deps, user), user, client, {
    secondFactor: true,
  });
  return { ...session, recoveryCodes: result.recoveryCodes };
}
