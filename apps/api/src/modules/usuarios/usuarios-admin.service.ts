import {
  type AcceptInvitacion,
  ERROR_CODES,
  type Invitacion,
  type InvitacionAceptada,
  MESSAGES,
  ROLE_NAMES,
  type UserEstado,
  type UserRoles,
  type UsuarioRow,
  type UsuariosQuery,
} from '@red-dental/contracts';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { assertNotCommonPassword } from '../../lib/common-passwords.ts';
import {
  AppError,
  conflict,
  forbidden,
  isUniqueViolation,
  notFound,
  tooManyRequests,
} from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { staffLoginUrl } from '../../lib/public-links.ts';
import { secondFactorCompulsory } from '../../lib/second-factor.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import type { Subject } from '../../plugins/auth.ts';
import { queueRecoveryLink } from '../acceso/acceso.mails.ts';
import { recordAudit } from '../auditoria/auditoria.repository.ts';
import * as usuarios from './usuarios.repository.ts';
import {
  assertAdminRemains,
  assertAnotherAdmin,
  assertCanActOn,
  assertGrantableRoles,
  resolveRoles,
} from './usuarios.service.ts';
import { invitationMail, rolesChangedMail, statusChangedMail } from './usuarios-admin.mails.ts';
import * as admin from './usuarios-admin.repository.ts';

type Deps = Pick<FastifyInstance, 'db' | 'config' | 'mail' | 'withinQuota' | 'signChallenge'>;

const M = MESSAGES.usuarios;
export const INVITATION_TTL_HOURS = 72;

const userNotFound = () => notFound(M.USER_NOT_FOUND);

/** `GET /api/user/paginated`: a page of accounts with their roles. */
export async function listUsuarios(deps: Deps, query: UsuariosQuery) {
  const page = await admin.findUsuariosPage(deps.db, query);
  const roles = await usuarios.findRolesOfUsers(
    deps.db,
    page.rows.map((r) => r.id),
  );
  return {
    rowCount: page.rowCount,
    rows: page.rows.map(
      (r): UsuarioRow => ({
        id: r.id,
        email: r.email,
        nombre: r.nombre,
        tipo: r.esProfesional ? 'profesional' : 'personal',
        status: r.status,
        roles: (roles.get(r.id) ?? []).map(({ id, name }) => ({ id, name })),
        lastLoginAt: r.lastLoginAt?.toISOString() ?? null,
        createdAt: r.createdAt.toISOString(),
      }),
    ),
  };
}

/** Who sends an invitation, as it names them: their own name (null while they have none) and address. */
async function inviterOf(tx: DbOrTx, caller: Subject) {
  return { nombre: (await admin.findUsuario(tx, caller.id))?.nombre ?? null, email: caller.email };
}

function newInvitation() {
  const token = randomToken();
  return {
    token,
    inviteTokenHash: sha256(token),
    inviteExpiresAt: new Date(Date.now() + INVITATION_TTL_HOURS * 3600_000),
  };
}

/**
 * Invites a staff member: an account without a password and a single-use link
 * mailed through the outbox, on which they choose their own. The route asks
 * USERS.UPDATE_ROLE besides USERS.CREATE, since an invitation carries roles.
 */
export async function invite(deps: Deps, caller: Subject, input: Invitacion) {
  const roles = await resolveRoles(deps.db, input.roles);
  await assertGrantableRoles(
    deps.db,
    caller,
    roles.map((r) => r.id),
  );
  const invitation = newInvitation();
  try {
    const created = await deps.db.transaction(async (tx) => {
      const user = await admin.insertInvited(tx, {
        email: input.email,
        nombre: input.nombre,
        inviteTokenHash: invitation.inviteTokenHash,
        inviteExpiresAt: invitation.inviteExpiresAt,
      });
      await usuarios.replaceUserRoles(
        tx,
        user.id,
        roles.map((r) => r.id),
      );
      await recordAudit(tx, caller, {
        action: 'create',
        entity: 'user',
        entityId: user.id,
        details: {
          invitacion: true,
          email: input.email,
          nombre: input.nombre,
          roles: roles.map((r) => r.name),
        },
      });
      await deps.mail.enqueue(
        tx,
        invitationMail(
          input.email,
          input.nombre,
          await inviterOf(tx, caller),
          `${deps.config.publicUrl}/invitacion/${invitation.token}`,
        ),
      );
      return user;
    });
    deps.mail.wake();
    return { id: created.id, message: M.INVITED(created.email) };
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(MESSAGES.EMAIL_TAKEN);
    throw error;
  }
}

/**
 * A new link for an invitation not accepted yet; the earlier link stops
 * working. Only to an address proven (the one staff invited, or a changed one
 * its owner confirmed), and only by someone holding what the account will.
 */
export async function resendInvitation(deps: Deps, caller: Subject, id: number) {
  const invitation = newInvitation();
  const user = await deps.db.transaction(async (tx) => {
    await assertCanActOn(tx, caller, id);
    const user = await admin.findUsuario(tx, id);
    if (!user) throw userNotFound();
    if (user.status === 'invited' && !user.emailConfirmedAt) throw conflict(M.EMAIL_UNCONFIRMED);
    if (!(await admin.renewInvitation(tx, id, invitation))) throw conflict(M.NOT_INVITED);
    await recordAudit(tx, caller, {
      action: 'update',
      entity: 'user',
      entityId: id,
      details: { invitacion: 'reenviada' },
    });
    await deps.mail.enqueue(
      tx,
      invitationMail(
        user.email,
        user.nombre ?? user.email,
        await inviterOf(tx, caller),
        `${deps.config.publicUrl}/invitacion/${invitation.token}`,
      ),
    );
    return user;
  });
  deps.mail.wake();
  return { message: M.INVITATION_RESENT(user.email) };
}

const invitationInvalid = () => new AppError(400, M.INVITATION_INVALID, ERROR_CODES.INVALID_TOKEN);

/** Whom a valid invitation link is for, so the page can greet them. */
export async function getInvitation(deps: Deps, token: string) {
  const user = await admin.findByInvitation(deps.db, sha256(token));
  if (!user) throw invitationInvalid();
  return { nombre: user.nombre ?? user.email, email: user.email };
}

/**
 * The invitee sets their password: the account becomes active and the link is
 * spent. Where the network requires a second factor of the account's roles,
 * the answer carries the challenge to set it up at once: the invitee enrols
 * before any session, and that enrolment signs them in.
 */
export async function acceptInvitation(
  deps: Deps,
  token: string,
  input: AcceptInvitacion,
  address: string,
): Promise<InvitacionAceptada> {
  // Before the link is used: a refused password leaves it valid for another try.
  assertNotCommonPassword(input.password, 'password');
  const passwordHash = await hashPassword(input.password);
  const user = await deps.db.transaction(async (tx) => {
    const user = await admin.findByInvitation(tx, sha256(token));
    if (!user) throw invitationInvalid();
    await admin.acceptInvitation(tx, user.id, passwordHash);
    await recordAudit(
      tx,
      { id: user.id, email: user.email, address },
      { action: 'update', entity: 'user', entityId: user.id, details: { invitacion: 'aceptada' } },
    );
    return user;
  });
  const roles = (await usuarios.findRolesOfUsers(deps.db, [user.id])).get(user.id) ?? [];
  if (
    !secondFactorCompulsory(
      deps.config,
      roles.flatMap((r) => r.permissions.map((p) => p.name)),
    )
  )
    return { message: M.INVITATION_ACCEPTED };
  const active = await usuarios.findUserById(deps.db, user.id);
  return {
    message: M.INVITATION_ACCEPTED_SECOND_FACTOR,
    segundoFactor: 'configurar',
    desafio: await deps.signChallenge(active!),
  };
}

/**
 * Replaces another account's roles (nobody changes their own, nor those of an
 * account holding more than they do); the account's sessions end, so it signs
 * in again under its new roles, and the owner is told by mail.
 */
export async function changeRoles(deps: Deps, caller: Subject, id: number, input: UserRoles) {
  if (id === caller.id) throw forbidden(M.OWN_ROLES);
  const roles = await resolveRoles(deps.db, input.roles);
  await assertGrantableRoles(
    deps.db,
    caller,
    roles.map((r) => r.id),
  );
  const names = roles.map((r) => r.name).sort();
  await deps.db.transaction(async (tx) => {
    await assertCanActOn(tx, caller, id);
    const user = await admin.findUsuario(tx, id);
    if (!user) throw userNotFound();
    const before = (await usuarios.findRolesOfUsers(tx, [id])).get(id) ?? [];
    await assertAdminRemains(tx, id, names);
    await usuarios.replaceUserRoles(
      tx,
      id,
      roles.map((r) => r.id),
    );
    await usuarios.updateUser(tx, id, {}, { revokeTokens: true });
    await recordAudit(tx, caller, {
      action: 'update',
      entity: 'user',
      entityId: id,
      details: { antes: before.map((r) => r.name).sort(), roles: names },
    });
    await deps.mail.enqueue(tx, rolesChangedMail(user.email, names, staffLoginUrl(deps.config)));
  });
  deps.mail.wake();
  return { message: M.ROLES_UPDATED };
}

/**
 * Deactivates an active account (every session ends at once, and a
 * professional leaves the cartilla) or reactivates a deactivated one. Nobody
 * deactivates themselves or an account holding more than they do, and the
 * last active ADMINISTRADOR stays.
 */
export async function changeEstado(deps: Deps, caller: Subject, id: number, input: UserEstado) {
  if (id === caller.id && !input.activo) throw forbidden(M.OWN_STATUS);
  const [from, to] = input.activo ? (['inactive', 'active'] as const) : (['active', 'inactive'] as const);
  const user = await deps.db.transaction(async (tx) => {
    await assertCanActOn(tx, caller, id);
    const user = await admin.findUsuario(tx, id);
    if (!user) throw userNotFound();
    await admin.lockAdministrators(tx);
    if (!input.activo) {
      const roles = (await usuarios.findRolesOfUsers(tx, [id])).get(id) ?? [];
      if (roles.some((r) => r.name === ROLE_NAMES.ADMINISTRADOR)) await assertAnotherAdmin(tx, id);
    }
    if (!(await admin.changeStatus(tx, id, from, to))) throw conflict(M.STATUS_UNCHANGEABLE);
    await recordAudit(tx, caller, {
      action: 'update',
      entity: 'user',
      entityId: id,
      details: { estado: to },
    });
    await deps.mail.enqueue(tx, statusChangedMail(user.email, input.activo, staffLoginUrl(deps.config)));
    return user;
  });
  deps.mail.wake();
  return { message: input.activo ? M.REACTIVATED(user.email) : M.DEACTIVATED(user.email) };
}

/**
 * Mails an active account a recovery link, as if its owner had asked; within
 * the same hourly allowance, so staff cannot flood a mailbox either.
 */
export async function sendRecoveryLink(deps: Deps, caller: Subject, id: number) {
  const user = await admin.findUsuario(deps.db, id);
  if (!user) throw userNotFound();
  if (user.status !== 'active') throw conflict(M.RECOVERY_NOT_ACTIVE);
  // The link goes to the owner, so any holder of USERS.UPDATE_PASSWORD may send it; never to an unproven address.
  if (!user.emailConfirmedAt) throw conflict(M.EMAIL_UNCONFIRMED);
  await deps.db.transaction(async (tx) => {
    const sent = await queueRecoveryLink(deps, tx, user);
    // The account had its recovery mails for the hour (the owner may have asked too).
    if (!sent) throw tooManyRequests(3600, M.RECOVERY_QUOTA);
    await recordAudit(tx, caller, {
      action: 'update',
      entity: 'user',
      entityId: id,
      details: { recuperacion: 'enviada' },
    });
  });
  deps.mail.wake();
  return { message: M.RECOVERY_SENT(user.email) };
}
