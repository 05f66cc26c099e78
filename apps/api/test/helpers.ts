import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { uniqueEmail } from '@red-dental/testing';
import type { FastifyLoggerOptions } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type Database, type Db, openPglite, openPostgres } from '../src/db/client.ts';
import { seedFirstAdmin } from '../src/db/seed/base.ts';
import { createUserWithRoles } from '../src/modules/usuarios/usuarios.factories.ts';

export type Backend = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export const BACKENDS: Backend[] = inject('postgresTemplate') ? ['pglite', 'postgres'] : ['pglite'];

export const ADMIN = { email: 'admin@test.reddental.com.ar', password: 'Admin-Test-2025' };

/** A fresh database made from the migrated template; dropped by `close`. */
export async function createTestDatabase(backend: Backend, statementTimeoutMs?: number): Promise<Database> {
  if (backend === 'pglite') {
    const image = await readFile(inject('pgliteTemplate'));
    return openPglite(undefined, new Blob([image]));
  }
  return createTestPostgres(statementTimeoutMs);
}

/**
 * A fresh PostgreSQL database made from the migrated template, with its URL: a second server
 * (another pool, as another instance would have) opens the same one with `openPostgres`.
 */
export async function createTestPostgres(statementTimeoutMs?: number): Promise<Database & { url: string }> {
  const template = inject('postgresTemplate')!;
  const name = `${template.database}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: template.url });
  await admin.connect();
  await admin.query(`create database ${name} template ${template.database}`);
  await admin.end();
  const url = new URL(template.url);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString(), 5, statementTimeoutMs);
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: template.url });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/**
 * An empty PostgreSQL database of the test's own, for server processes to
 * migrate and seed themselves, with a pool to look into it. Named after the
 * run's template, so the run's teardown drops it if `drop` never runs.
 */
export async function createScratchPostgres() {
  const template = inject('postgresTemplate');
  if (!template) throw new Error('TEST_DATABASE_URL is not set');
  const name = `${template.database}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: template.url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(template.url);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  // As the app's own pool does: an idle client cut off by the server (a database dropped or a
  // backend terminated elsewhere) is removed by the pool, and must not end the test run.
  pool.on('error', () => {});
  return {
    url: url.toString(),
    async query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
      return (await pool.query<T>(text, values)).rows;
    },
    async drop() {
      await pool.end();
      const dropper = new pg.Client({ connectionString: template.url });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'red-dental-data-')),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    DEMO_DATA: 'false',
    PUBLIC_URL: 'http://reddental.test',
    LOG_LEVEL: 'silent',
    ...overrides,
  });
}

export interface TestContext {
  app: App;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/** Boots the real app on a fresh database, with the first administrator seeded. */
export async function createTestApp(
  backend: Backend,
  env: Record<string, string> = {},
  options: { logger?: FastifyLoggerOptions } = {},
): Promise<TestContext> {
  const config = testConfig(env);
  const database = await createTestDatabase(backend, config.statementTimeoutMs);
  await seedFirstAdmin(database.db, config);
  const app = await buildApp({
    config,
    database,
    startMailWorker: false,
    logger: options.logger ?? false,
    webRoot: path.join(config.dataDir, 'no-web'),
  });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export interface TestAppOptions {
  /**
   * Settings for the app's configuration. A function is called as the app
   * boots, after the suite's earlier `beforeAll` hooks, so it can name a server
   * one of them started.
   */
  env?: Record<string, string> | (() => Record<string, string>);
  logger?: FastifyLoggerOptions;
  /** Signs the first administrator in as `admin` (unless false: a suite that signs in its own way). */
  admin?: boolean;
  /** Also signs in, as `staff`, a fresh account holding ADMINISTRATIVO. */
  staff?: boolean;
}

/** The suite's app and what its tests read from it; each getter answers once the app has booted. */
export interface TestApp extends TestContext {
  db: Db;
  /** API calls to the app, as `apiCaller` makes them. */
  inject: ReturnType<typeof apiCaller>;
  /** The first administrator's bearer header. */
  admin: Record<string, string>;
  /** An ADMINISTRATIVO account's bearer header (with `staff: true`). */
  staff: Record<string, string>;
  /** Signs the first administrator in again, for the tests after one that ended its session. */
  renewAdmin(): Promise<void>;
}

/**
 * Boots the app for the enclosing `describe`: `beforeAll` starts it on a
 * fresh database and signs in who the options ask for, `afterAll` closes it.
 * Hooks run in the order they are registered and `afterAll` hooks in reverse:
 * a server the app needs starts in a `beforeAll` registered before this call
 * (and stops after the app has closed), and hooks registered after it find the
 * app running. What the getters give stays readable once the app has closed.
 */
export function useTestApp(backend: Backend, options: TestAppOptions = {}): TestApp {
  let ctx: TestContext | undefined;
  let closed = false;
  let admin: Record<string, string> | undefined;
  let staff: Record<string, string> | undefined;
  const booted = () => {
    if (!ctx) throw new Error('the test app has not booted: read it inside a hook or a test');
    return ctx;
  };
  const close = async () => {
    if (!ctx || closed) return;
    closed = true;
    await ctx.close();
  };
  beforeAll(async () => {
    const env = typeof options.env === 'function' ? options.env() : options.env;
    ctx = await createTestApp(backend, env, { logger: options.logger });
    if (options.admin !== false || options.staff) admin = await loginAs(ctx.app, ADMIN.email, ADMIN.password);
    if (options.staff) staff = await signInWithRole(ctx.app, admin!, 'ADMINISTRATIVO');
  });
  afterAll(close);
  return {
    get app() {
      return booted().app;
    },
    get database() {
      return booted().database;
    },
    get db() {
      return booted().database.db;
    },
    get config() {
      return booted().config;
    },
    inject: apiCaller(() => booted().app),
    get admin() {
      booted();
      if (!admin) throw new Error('the administrator is signed in unless `admin: false`');
      return admin;
    },
    get staff() {
      booted();
      if (!staff) throw new Error('staff is signed in with `staff: true`');
      return staff;
    },
    async renewAdmin() {
      admin = await loginAs(booted().app, ADMIN.email, ADMIN.password);
    },
    /** Closes the app before the suite ends; `afterAll` then has nothing left to close. */
    close,
  };
}

/**
 * API calls through `inject` with a JSON body only when one is given; `app` is
 * read at call time, so a suite can create it before its `beforeAll` has run.
 */
export function apiCaller(app: () => App) {
  return (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers: Record<string, string> = {},
    payload?: unknown,
  ) =>
    app().inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}

/** A multipart/form-data body as a browser would send it; the file part is `file` (a CSV) unless told. */
export function multipart(
  fields: Record<string, string>,
  file?: { name: string; content: Buffer | string; field?: string; type?: string },
) {
  const boundary = `----red-dental-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'text/csv'}\r\n\r\n`,
      ),
      Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content, 'utf8'),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Signs in through the API and returns the bearer header. */
export async function loginAs(app: App, email: string, password: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { user: email, pass: password },
  });
  if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
  const { token } = res.json() as { token: string };
  return { authorization: `Bearer ${token}` };
}

/** Each sign-in from its own address, so tests never trip the per-address limit unless they mean to. */
export function randomAddress() {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

/** The shared builder's unique e-mails (reserved example domain), re-exported for the API tests. */
export { uniqueEmail };

/** A fresh active user holding one role, signed in: the bearer header to act as that role. */
export async function signInWithRole(app: App, adminAuth: Record<string, string>, role: string) {
  const user = await createUserWithRoles(app, adminAuth, [role]);
  return loginAs(app, user.email, user.password);
}
