import { USER_STATUSES } from '@red-dental/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * pending: a professional's sign-up waiting for approval; invited: staff asked
 * to join who have not set their password yet; active; inactive: deactivated
 * by staff (signs in no more, listed nowhere), reversible.
 */
export const USER_STATUS = USER_STATUSES;

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Lower-cased e-mail; it is the login name. */
    email: text('email').notNull(),
    /** A staff member's name, as the administrator who invited them wrote it (professionals have theirs in profesionales). */
    nombre: text('nombre'),
    passwordHash: text('password_hash').notNull(),
    status: text('status', { enum: USER_STATUS }).notNull().default('pending'),
    /** Carried in every JWT; bumped on password change, role change and deletion to revoke older tokens. */
    tokenVersion: integer('token_version').notNull().default(0),
    /**
     * When the address was proven: its owner opened a link mailed to it, or staff vouched for it by
     * creating or inviting the account. A self-registered request is accepted only after it; an
     * address changed by someone else is null again until its owner confirms it, and gets no
     * recovery link or invitation meanwhile.
     */
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    /** SHA-256 of the outstanding confirmation link, and when it stops working. */
    emailTokenHash: text('email_token_hash'),
    emailTokenExpiresAt: timestamp('email_token_expires_at', { withTimezone: true }),
    /** SHA-256 of the outstanding invitation link, and when it stops working (a resend replaces both). */
    inviteTokenHash: text('invite_token_hash'),
    inviteExpiresAt: timestamp('invite_expires_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** The TOTP secret, sealed (AES-256-GCM under a key kept in app_settings); set while two-factor sign-in is on. */
    totpSecret: text('totp_secret'),
    /** A secret shown to be scanned, until its first code proves the app has it. */
    totpPendingSecret: text('totp_pending_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The time step of the last code accepted: a code is never taken twice, nor an older one. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_invite_token_key').on(t.inviteTokenHash),
    uniqueIndex('users_email_token_key').on(t.emailTokenHash),
    index('users_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
  ],
);

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const permissions = pgTable('permissions', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description').notNull(),
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] })],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token mailed to the user; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/**
 * One row per sign-in of a user (a device): its token names it, so signing out
 * ends that device alone. A session is valid while its row exists, its token
 * version is the user's (a password change or deactivation moves it on) and
 * the token has not expired.
 */
export const userSessions = pgTable(
  'user_sessions',
  {
    /** Random, 128 bits, base64url: the token's `sid`. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenVersion: integer('token_version').notNull(),
    userAgent: text('user_agent'),
    address: text('address').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Moved on at most every few minutes, so a request seldom writes. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the session proved a second factor (the sign-in's code, or turning it on from the
     * session); where the network requires one, a session without it reaches only its setting up.
     */
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
  },
  (t) => [index('user_sessions_user_idx').on(t.userId)],
);

/** Single-use recovery codes of an account with two-factor sign-in, as SHA-256 hashes. */
export const userRecoveryCodes = pgTable(
  'user_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('user_recovery_codes_key').on(t.userId, t.codeHash)],
);
