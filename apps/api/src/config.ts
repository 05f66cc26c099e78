import { availableParallelism } from 'node:os';
import path from 'node:path';
import { DEFAULT_TILE_URL } from '@red-dental/contracts';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { isCommonPassword } from './lib/common-passwords.ts';

const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v);

/** The names proxy-addr knows for address ranges, besides addresses and CIDRs. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  return entry.includes('/') ? isValidCidr(entry) : ipaddr.isValid(entry);
}

function isValidCidr(entry: string): boolean {
  try {
    ipaddr.parseCIDR(entry);
    return true;
  } catch {
    return false;
  }
}

/**
 * Which proxies may tell the client's address (X-Forwarded-For): none, how many
 * hops, or their addresses and ranges. A bare `true` would trust whatever any
 * client writes in the header, so it is refused.
 */
const trustProxySchema = z.preprocess(
  emptyAsUndefined,
  z
    .string()
    .optional()
    .transform((value, ctx): false | number | string[] => {
      if (value === undefined || value === 'false' || value === '0') return false;
      if (value === 'true') {
        ctx.addIssue({
          code: 'custom',
          message:
            'no acepta true (cualquier cliente podría elegir su dirección): indique cuántos proxies hay delante, por ejemplo 1, o sus direcciones, por ejemplo 10.0.0.0/8',
        });
        return z.NEVER;
      }
      if (/^\d+$/.test(value)) return Number(value) || false;
      const entries = value.split(',').map((entry) => entry.trim());
      // A /0 range is every address: the same as trusting any client's header.
      const bad = entries.find((entry) => !isProxyAddress(entry) || /\/0+$/.test(entry));
      if (bad !== undefined) {
        ctx.addIssue({
          code: 'custom',
          message: `debe ser una cantidad de proxies o una lista de direcciones y rangos CIDR ("${bad}" no lo es)`,
        });
        return z.NEVER;
      }
      return entries;
    }),
);

const optionalUrl = z.url({ error: 'debe ser una URL válida' }).optional();

/** A whole number of days or years to keep data, from 1 up to `max`. */
const retentionPeriod = (max: number, fallback: number) =>
  z.coerce
    .number({ error: 'debe ser un número' })
    .int('debe ser un número entero')
    .min(1, 'debe ser 1 o más')
    .max(max, `debe ser ${max} o menos`)
    .default(fallback);

/** The environment contract (docs/operating.md, "Configuration", and .env.example). Parsed once, at boot. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number({ error: 'debe ser un número de puerto' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  WEB_DIR: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'debe empezar con postgres://')
      .optional(),
  ),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  METRICS_TOKEN: z.preprocess(
    emptyAsUndefined,
    z.string().min(32, 'debe tener al menos 32 caracteres').optional(),
  ),
  METRICS_PORT: z.preprocess(
    emptyAsUndefined,
    z.coerce.number({ error: 'debe ser un número de puerto' }).int().min(1).max(65535).optional(),
  ),
  WEB_CONCURRENCY: z.preprocess(
    emptyAsUndefined,
    z
      .union([z.literal('auto'), z.coerce.number().int().min(1).max(256)], {
        error: 'debe ser un número de procesos (1 a 256) o auto',
      })
      .default(1),
  ),
  DATABASE_STATEMENT_TIMEOUT_S: z.coerce
    .number({ error: 'debe ser un número' })
    .positive()
    .max(3600)
    .default(15),
  JWT_SECRET: z.preprocess(
    emptyAsUndefined,
    z.string().min(32, 'debe tener al menos 32 caracteres').optional(),
  ),
  ADMIN_EMAIL: z.preprocess(emptyAsUndefined, z.email({ error: 'debe ser un email válido' }).optional()),
  ADMIN_PASSWORD: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .min(8, 'debe tener al menos 8 caracteres')
      .refine(
        (v) => !isCommonPassword(v),
        'es una contraseña demasiado común: elija otra más difícil de adivinar',
      )
      .optional(),
  ),
  DEMO_DATA: z.preprocess(
    emptyAsUndefined,
    z.enum(['true', 'false', '1', '0'], { error: 'debe ser true, false, 1 o 0' }).optional(),
  ),
  AFFILIATE_LOGIN_BIRTHDATE: z.preprocess(
    emptyAsUndefined,
    z.enum(['true', 'false', '1', '0'], { error: 'debe ser true, false, 1 o 0' }).optional(),
  ),
  SERVICE_WORKER: z.preprocess(
    emptyAsUndefined,
    z.enum(['true', 'false', '1', '0'], { error: 'debe ser true, false, 1 o 0' }).optional(),
  ),
  SECRET_BOX_KEY: z.preprocess(
    emptyAsUndefined,
    z.string().min(32, 'debe tener al menos 32 caracteres').optional(),
  ),
  REQUIRE_STAFF_2FA: z.preprocess(
    emptyAsUndefined,
    z.enum(['true', 'false', '1', '0'], { error: 'debe ser true, false, 1 o 0' }).optional(),
  ),
  PUBLIC_URL: z.preprocess(emptyAsUndefined, optionalUrl),
  SMTP_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, 'debe empezar con smtp:// o smtps://')
      .optional(),
  ),
  MAIL_FILE_IN_PRODUCTION: z.preprocess(
    emptyAsUndefined,
    z.enum(['true', 'false', '1', '0'], { error: 'debe ser true, false, 1 o 0' }).optional(),
  ),
  MAIL_FROM: z.string().min(3).default('Red Dental <no-responder@reddental.com.ar>'),
  NETWORK_CONTACT_EMAIL: z.preprocess(
    emptyAsUndefined,
    z.email({ error: 'debe ser un email válido' }).optional(),
  ),
  S3_BUCKET: z.preprocess(emptyAsUndefined, z.string().optional()),
  S3_REGION: z.preprocess(emptyAsUndefined, z.string().optional()),
  S3_ENDPOINT: z.preprocess(emptyAsUndefined, optionalUrl),
  S3_ACCESS_KEY_ID: z.preprocess(emptyAsUndefined, z.string().optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
  GEOCODER_URL: z.url({ error: 'debe ser una URL válida' }).default('https://nominatim.openstreetmap.org'),
  TILE_URL: z.string().min(1).default(DEFAULT_TILE_URL),
  MAX_PDF_MB: z.coerce.number({ error: 'debe ser un número' }).positive().max(1024).default(10),
  MAX_CSV_MB: z.coerce.number({ error: 'debe ser un número' }).positive().max(4096).default(50),
  AUDIT_RETENTION_YEARS: retentionPeriod(100, 5),
  OUTBOX_SENT_RETENTION_DAYS: retentionPeriod(36_500, 30),
  OUTBOX_FAILED_RETENTION_DAYS: retentionPeriod(36_500, 90),
  TRUST_PROXY: trustProxySchema,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export const DEFAULT_ADMIN_EMAIL = 'admin@reddental.com.ar';
export const DEFAULT_ADMIN_PASSWORD = 'RedDental2025!';

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  /** The built web app to serve; unset, apps/web/dist (built at start when stale). */
  webDir: string | undefined;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /**
   * GET /metrics (Prometheus): on the app's port for a bearer `token`, or on
   * a `port` of its own without one; neither set, no metrics are served.
   */
  metrics: { token: string | undefined; port: number | undefined };
  /** Server processes sharing the port (WEB_CONCURRENCY; `auto` = the machine's cores); more than one needs PostgreSQL. */
  webConcurrency: number;
  /** PostgreSQL cancels a statement running longer (imports raise it for themselves). */
  statementTimeoutMs: number;
  jwtSecret: string | undefined;
  /**
   * The first administrator, created on an empty database. Without
   * ADMIN_PASSWORD the published default exists only in the embedded demo
   * (no DATABASE_URL, not production); elsewhere `password` is undefined and
   * an empty database stops start-up.
   */
  admin: { email: string; password: string | undefined; isDefault: boolean };
  demoData: boolean;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The network's address for dentists and staff (the profile's help on insurers); null when none is set. */
  networkContactEmail: string | null;
  s3:
    | { bucket: string; region?: string; endpoint?: string; accessKeyId?: string; secretAccessKey?: string }
    | undefined;
  geocoderUrl: string;
  tileUrl: string;
  /** The affiliate sign-in asks for the birth date too, and both must match (off: the document alone, as the spec). */
  affiliateLoginBirthdate: boolean;
  /** Browsers install the service worker (offline portal, installable app); off, they remove it and its copies. */
  serviceWorker: boolean;
  /** Holders of USERS.* or AFILIADOS.CREATE must sign in with a second factor (set up at their next sign-in). */
  requireStaff2fa: boolean;
  /** Seals second-factor secrets; from the environment so a database copy alone does not open them (else kept in the database). */
  secretBoxKey: string | undefined;
  maxPdfBytes: number;
  maxCsvBytes: number;
  /** How long data is kept before the hourly retention pass deletes it (plugins/mail/retention.ts). */
  retention: {
    /** Audit rows, by when they were written. */
    auditYears: number;
    /** Sent mails in the outbox, by when they were sent. */
    outboxSentDays: number;
    /** Mails given up as failed, by when they were given up. */
    outboxFailedDays: number;
  };
  /** Fastify's `trustProxy`: false, a hop count, or the proxies' addresses and ranges. */
  trustProxy: false | number | string[];
  logLevel: string;
}

export class ConfigError extends Error {}

/** Parses the environment; a bad value throws one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Configuración inválida: ${String(issue.path[0])} ${issue.message}`);
  }
  const e = parsed.data;
  // The embedded demo: the only place where published passwords (the default admin's, the demo accounts') may exist.
  const embeddedDemo = !e.DATABASE_URL && e.NODE_ENV !== 'production';
  // Whoever names their own administrator is setting up a real installation: the demo accounts stay out unless asked for.
  const ownAdmin = e.ADMIN_EMAIL !== undefined || e.ADMIN_PASSWORD !== undefined;
  const demoData =
    e.DEMO_DATA === undefined ? embeddedDemo && !ownAdmin : e.DEMO_DATA === 'true' || e.DEMO_DATA === '1';
  if (demoData && !embeddedDemo)
    throw new ConfigError(
      'Configuración inválida: DEMO_DATA solo se admite con la base embebida fuera de producción (sus contraseñas son públicas)',
    );
  // Mail files keep single-use links on the server's disk: in production only when chosen on purpose.
  const mailFileInProduction = e.MAIL_FILE_IN_PRODUCTION === 'true' || e.MAIL_FILE_IN_PRODUCTION === '1';
  if (e.NODE_ENV === 'production' && !e.SMTP_URL && !mailFileInProduction)
    throw new ConfigError(
      'Configuración inválida: SMTP_URL es obligatoria en producción (sin ella los mails, con sus enlaces de un solo uso, quedarían como archivos en DATA_DIR/mail); para aceptarlo a propósito defina MAIL_FILE_IN_PRODUCTION=true',
    );
  const webConcurrency = e.WEB_CONCURRENCY === 'auto' ? availableParallelism() : e.WEB_CONCURRENCY;
  if (webConcurrency > 1 && !e.DATABASE_URL)
    throw new ConfigError(
      `Configuración inválida: WEB_CONCURRENCY=${e.WEB_CONCURRENCY} necesita PostgreSQL (DATABASE_URL): la base embebida admite un solo proceso`,
    );
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT === e.PORT)
    throw new ConfigError('Configuración inválida: METRICS_PORT debe ser otro puerto que PORT');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    webDir: e.WEB_DIR ? path.resolve(e.WEB_DIR) : undefined,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    webConcurrency,
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT },
    statementTimeoutMs: Math.round(e.DATABASE_STATEMENT_TIMEOUT_S * 1000),
    jwtSecret: e.JWT_SECRET,
    admin: {
      email: (e.ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL).toLowerCase(),
      password: e.ADMIN_PASSWORD ?? (embeddedDemo ? DEFAULT_ADMIN_PASSWORD : undefined),
      isDefault: embeddedDemo && !e.ADMIN_PASSWORD,
    },
    demoData,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    networkContactEmail: e.NETWORK_CONTACT_EMAIL ?? null,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        }
      : undefined,
    geocoderUrl: e.GEOCODER_URL.replace(/\/+$/, ''),
    tileUrl: e.TILE_URL,
    affiliateLoginBirthdate: e.AFFILIATE_LOGIN_BIRTHDATE === 'true' || e.AFFILIATE_LOGIN_BIRTHDATE === '1',
    requireStaff2fa: e.REQUIRE_STAFF_2FA === 'true' || e.REQUIRE_STAFF_2FA === '1',
    serviceWorker: e.SERVICE_WORKER !== 'false' && e.SERVICE_WORKER !== '0',
    secretBoxKey: e.SECRET_BOX_KEY,
    maxPdfBytes: Math.round(e.MAX_PDF_MB * 1024 * 1024),
    maxCsvBytes: Math.round(e.MAX_CSV_MB * 1024 * 1024),
    retention: {
      auditYears: e.AUDIT_RETENTION_YEARS,
      outboxSentDays: e.OUTBOX_SENT_RETENTION_DAYS,
      outboxFailedDays: e.OUTBOX_FAILED_RETENTION_DAYS,
    },
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
  };
}
