import { randomBytes } from 'node:crypto';
import { type AddressInfo, connect } from 'node:net';
import {
  adjuntoFormSchema,
  arancelesImportFormSchema,
  debitosImportFormSchema,
  emptySchedule,
  importCsvFormSchema,
  MAX_ADJUNTO_BYTES,
  networkClock,
  nomencladorImportFormSchema,
  notificacionFormSchema,
  reglasImportFormSchema,
  WEEKDAYS,
} from '@red-dental/contracts';
import {
  buildAfiliadoInput,
  buildCreateUserInput,
  buildObraSocialInput,
  buildPdf,
  buildRegistroInput,
  TEST_PASSWORD,
  uniqueEmail,
} from '@red-dental/testing';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RouteEntry } from '../src/app.ts';
import { queryRows } from '../src/db/client.ts';
import { jpegConUbicacion } from '../src/lib/image-location.factories.ts';
import { afiliadoAuth, createAfiliado } from '../src/modules/afiliados/afiliados.factories.ts';
import { loadCodigos } from '../src/modules/nomenclador/nomenclador.factories.ts';
import { createObraSocial } from '../src/modules/obras-sociales/obras-sociales.factories.ts';
import { createDentist } from '../src/modules/profesionales/profesionales.factories.ts';
import { createUserWithRoles } from '../src/modules/usuarios/usuarios.factories.ts';
import {
  ADMIN,
  BACKENDS,
  createTestApp,
  loginAs,
  multipart,
  randomAddress,
  type TestContext,
} from './helpers.ts';
import { type Caller, MATRIX } from './route-matrix.ts';

/**
 * Bad input at every door. For each route of the route table, a valid request
 * (below) is taken apart: its path ids, query parameters, body fields and
 * upload replaced one at a time by hostile values, the body broken as a whole.
 * Whatever comes, the API answers below 500; a refusal carries a Spanish
 * `error`; and a refused request leaves every table as it was (row counts and
 * the newest row version of each, the rate-limit counters aside).
 */

const LONG_10K = 'a'.repeat(10_000);
const LONG_1M = 'ñ'.repeat(500_000);

/** Text a person, a script or a broken client may send in any field. */
const HOSTILE_TEXT: [string, string][] = [
  ['empty', ''],
  ['blank', '   \t '],
  ['10 k characters', LONG_10K],
  ['1 M characters', LONG_1M],
  ['SQL', "1' OR '1'='1'; DROP TABLE afiliados; --"],
  ['LIKE wildcards', '%_\\%'],
  ['HTML', '<script>alert(1)</script><img src=x onerror=alert(1)>'],
  ['NUL', 'a\u0000b'],
  ['lone surrogate', 'x\ud800y'],
  ['control characters', '\u0001\u0007\u001b[2J'],
  ['right-to-left override', '\u202Efdp.exe'],
  ['zero-width', '\u200B\u200D\uFEFF'],
  ['emoji sequence', '👩‍⚕️🦷🇦🇷'],
  ['combining marks', 'n\u0303'.repeat(60)],
  ['mathematical letters', '𝔸𝕗𝕚𝕝𝕚𝕒𝕕𝕠'],
  ['negative number', '-1'],
  ['huge number', '99999999999999999999999999'],
  ['past int4', '2147483648'],
  ['exponent', '1e400'],
  ['decimal', '1.5'],
  ['NaN', 'NaN'],
  ['path traversal', '../../../../etc/passwd'],
];

/** Values of every JSON type, for body fields. */
const HOSTILE_VALUES: [string, unknown][] = [
  ...HOSTILE_TEXT,
  ['negative', -1],
  ['zero', 0],
  ['fraction', 1.5],
  ['1e308', 1e308],
  ['past int4', 2_147_483_648],
  ['past int8', 2 ** 63],
  ['past safe integers', 2 ** 53 * 3],
  ['tiny', -1e-308],
  ['null', null],
  ['true', true],
  ['empty list', []],
  ['list of text', ['x']],
  ['hostile list', [-1, 2_147_483_648, 'x', null, {}, [], 1.5]],
  ['100,000-item list', Array.from({ length: 100_000 }, (_, i) => i + 1)],
  ['object', {}],
  ['nested object', { id: { id: [1] } }],
];

/** Fewer values for fields nested in other fields (schedules, lists of references). */
const NESTED_VALUES = HOSTILE_VALUES.filter(([label]) =>
  [
    'empty',
    '10 k characters',
    'SQL',
    'NUL',
    'lone surrogate',
    'negative',
    'past int4',
    '1e308',
    'null',
    'true',
    'hostile list',
    'object',
  ].includes(label),
);

/** Path segments: each is put in the URL as written (already encoded where it needs to be). */
const HOSTILE_SEGMENTS: [string, string][] = [
  ['letters', 'abc'],
  ['negative', '-1'],
  ['zero', '0'],
  ['fraction', '1.5'],
  ['past int4', '2147483648'],
  ['huge', '99999999999999999999999999'],
  ['exponent', '1e3'],
  ['hex', '0x10'],
  ['space', '%201'],
  ['SQL', encodeURIComponent("1' OR '1'='1")],
  ['HTML', encodeURIComponent('<b>1</b>')],
  ['NUL', '%00'],
  ['encoded surrogate', '%ED%A0%80'],
  ['invalid UTF-8', '%FF%FE'],
  ['bare percent', '%'],
  ['ñ', encodeURIComponent('ñ')],
  ['emoji', encodeURIComponent('🦷')],
  ['10 k characters', LONG_10K],
  ['1 M characters', 'a'.repeat(1_000_000)],
];

/** Bodies that are not JSON, or not the JSON of any field list. */
const BROKEN_BODIES: [string, string][] = [
  ['truncated JSON', '{"nombre": "Ana'],
  ['single quotes', "{'nombre': 'Ana'}"],
  ['trailing garbage', '{"a":1}}'],
  ['NaN literal', '{"a": NaN}'],
  ['lone bracket', '['],
  ['prototype key', '{"__proto__": {"esAdmin": true}}'],
  ['constructor key', '{"constructor": {"prototype": {"esAdmin": true}}}'],
  ['a list', '[1, 2, 3]'],
  ['a string', '"texto"'],
  ['a number', '42'],
  ['null', 'null'],
  ['empty object', '{}'],
  ['2,000 levels deep', `${'['.repeat(2000)}${']'.repeat(2000)}`],
  ['NUL byte', '{"a":"\u0000"}'],
  ['invalid UTF-8', '{"a":"\xff\xfe"}'],
];

// Spanish, not English: Fastify's and the parsers' own messages would fail this.
const ENGLISH =
  /\b(the|is|are|must|should|expected|invalid|required|not found|bad request|unexpected|cannot|unsupported|too large|body|request|received)\b/i;
const SPANISH =
  /[áéíóúñ¿¡]|\b(de|del|la|el|los|las|un|una|no|es|en|por|para|que|se|debe|ingrese|falta|demasiad[oa]s?|elementos|desconocid[oa]|llave)\b/i;
const isSpanish = (text: unknown) =>
  typeof text === 'string' && text.length > 0 && SPANISH.test(text) && !ENGLISH.test(text);

type Fixtures = Awaited<ReturnType<typeof createFixtures>>;

/** A valid request to a route: who sends it, where, and what. `n` makes each body's unique fields unique. */
interface ValidRequest {
  /** `own` and `ownAfiliado` are sessions of their own, for routes that end or change the caller's session. */
  as: Caller | 'own' | 'ownAfiliado';
  url: string;
  query?: Record<string, string>;
  body?: (n: number) => unknown;
  /** A multipart route: its text fields, its file part and the contract the fields are read with. */
  upload?: {
    fields: Record<string, string>;
    file: { field: string; name: string; type: string; content: Buffer };
    contract: z.ZodType;
    maxBytes: number;
  };
}

/** A contract of the insurer from 2026 on, as the contracts screen posts it. */
/** A rule covering a target in one year (a year per request keeps them from overlapping). */
const reglaBody = (objetivo: string, year: number) => ({
  objetivo,
  cubre: true,
  coberturaPct: 100,
  coseguroImporte: null,
  coseguroPct: null,
  requiereAutorizacion: false,
  adjuntos: [],
  frecuencia: 1,
  periodoDias: 180,
  anioCalendario: false,
  ambito: 'afiliado',
  mismoPrestador: false,
  edadMin: null,
  edadMax: null,
  carenciaDias: null,
  topeMensual: null,
  garantiaMeses: null,
  vigenteDesde: `${year}-01-01`,
  vigenteHasta: `${year}-12-31`,
});

const convenioBody = (obraSocialId: number) => ({
  obraSocialId,
  nombre: 'Convenio',
  vigenteDesde: '2026-01-01',
  vigenteHasta: null,
  diaCierre: 25,
  plazoPresentacionDias: 60,
  plazoRefacturacionDias: 30,
  requiereToken: false,
  valorUnidad: 100000,
});

/** A complete profile body, as the profile screen posts it. */
function profileBody(p: { nombre: string; email: string }, zonaOs: { osId: number; especialidadId: number }) {
  return {
    nombre: p.nombre,
    razonSocial: `Consultorio ${p.nombre}`,
    email: p.email,
    telefono: '011 4800-1234',
    direccion: 'Av. Santa Fe 1234',
    localidad: 'CABA',
    lat: -34.6,
    long: -58.4,
    ubicacionOrigen: 'geocoder',
    especialidades: [{ id: zonaOs.especialidadId }],
    obrasSociales: [{ id: zonaOs.osId }],
    horarios: {
      ...emptySchedule(),
      [WEEKDAYS[0]]: { enabled: true, times: [{ start: '09:00', end: '13:00' }] },
    },
    guardias: emptySchedule(),
    matricula: 'MN 12345',
    aceptaNuevosPacientes: true,
  };
}

const PDF = buildPdf(['Circular de prueba', 'Para los profesionales de la red']);
const CSV = 'nombre,tipoDocumento,documento\nAna Pérez,DNI,30111222\nJuan Gómez,DNI,30111223\n';
const MAX_UPLOAD_MB = '0.05';
const MAX_UPLOAD_BYTES = Math.round(0.05 * 1024 * 1024);

const encodeForm = (fields: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(fields).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  );

function validRequests(f: Fixtures): Record<string, ValidRequest> {
  const ids = `${f.dentist.id}`;
  const notificacion = (destinatario: 'profesionales' | 'afiliados') => ({
    fields: encodeForm({
      title: 'Circular de prueba',
      category: 'Actualización de valores',
      ...(destinatario === 'afiliados'
        ? { obrasSociales: [f.osId] }
        : { obrasSociales: [f.osId], profesionales: [f.dentist.id] }),
    }),
    file: { field: 'pdfs', name: 'circular.pdf', type: 'application/pdf', content: PDF },
    contract: notificacionFormSchema,
    maxBytes: MAX_UPLOAD_BYTES,
  });
  const listQuery = { pageIndex: '0', pageSize: '10', search: 'Prueba' };
  const auditFilters = {
    actor: 'admin',
    accion: 'create',
    entidad: 'afiliado',
    documento: f.afiliado.documento,
    desde: '2025-01-01',
    hasta: '2099-12-31',
  };
  return {
    'GET /api/docs': { as: 'anonymous', url: '/api/docs' },
    'GET /api/docs/static/index.html': { as: 'anonymous', url: '/api/docs/static/index.html' },
    'GET /api/docs/static/swagger-initializer.js': {
      as: 'anonymous',
      url: '/api/docs/static/swagger-initializer.js',
    },
    'GET /api/docs/json': { as: 'anonymous', url: '/api/docs/json' },
    'GET /api/docs/yaml': { as: 'anonymous', url: '/api/docs/yaml' },
    'GET /api/docs/static/*': { as: 'anonymous', url: '/api/docs/static/index.css' },
    'GET /api/openapi.json': { as: 'anonymous', url: '/api/openapi.json' },
    'GET /api/health': { as: 'anonymous', url: '/api/health' },

    'POST /api/user/login': {
      as: 'anonymous',
      url: '/api/user/login',
      body: () => ({ user: f.loginUser.email, pass: f.loginUser.password }),
    },
    'GET /api/user/me': { as: 'admin', url: '/api/user/me' },
    'PUT /api/user/me': { as: 'own', url: '/api/user/me', body: () => ({ nombre: 'Ana Pérez' }) },
    'POST /api/user/recover-password': {
      as: 'anonymous',
      url: '/api/user/recover-password',
      body: () => ({ email: f.loginUser.email }),
    },
    'PUT /api/user/restore-password': {
      as: 'anonymous',
      url: '/api/user/restore-password',
      body: () => ({ id: randomBytes(16).toString('hex'), password: 'Clave-Nueva-2026' }),
    },
    'POST /api/user/restore-password/check': {
      as: 'anonymous',
      url: '/api/user/restore-password/check',
      body: () => ({ id: randomBytes(16).toString('hex') }),
    },
    'POST /api/user/confirm-email': {
      as: 'anonymous',
      url: '/api/user/confirm-email',
      body: () => ({ token: randomBytes(32).toString('base64url') }),
    },
    'PUT /api/user/change-password': {
      as: 'own',
      url: '/api/user/change-password',
      body: () => ({ currentPassword: TEST_PASSWORD, password: 'Clave-Nueva-2026' }),
    },
    'POST /api/user/logout': { as: 'own', url: '/api/user/logout' },
    'POST /api/user/login/codigo': {
      as: 'anonymous',
      url: '/api/user/login/codigo',
      body: () => ({ desafio: randomBytes(32).toString('base64url'), codigo: '123456' }),
    },
    'POST /api/user/login/configurar': {
      as: 'anonymous',
      url: '/api/user/login/configurar',
      body: () => ({ desafio: randomBytes(32).toString('base64url') }),
    },
    'POST /api/user/login/activar': {
      as: 'anonymous',
      url: '/api/user/login/activar',
      body: () => ({ desafio: randomBytes(32).toString('base64url'), codigo: '123456' }),
    },
    'GET /api/user/2fa': { as: 'own', url: '/api/user/2fa' },
    'POST /api/user/2fa/configurar': { as: 'own', url: '/api/user/2fa/configurar' },
    'POST /api/user/2fa/activar': {
      as: 'own',
      url: '/api/user/2fa/activar',
      body: () => ({ codigo: '123456', currentPassword: TEST_PASSWORD }),
    },
    'POST /api/user/2fa/desactivar': {
      as: 'own',
      url: '/api/user/2fa/desactivar',
      body: () => ({ currentPassword: TEST_PASSWORD }),
    },
    'GET /api/user/sesiones': { as: 'own', url: '/api/user/sesiones' },
    'DELETE /api/user/sesiones': { as: 'own', url: '/api/user/sesiones' },
    'DELETE /api/user/sesiones/:id': {
      as: 'own',
      url: `/api/user/sesiones/${randomBytes(16).toString('base64url')}`,
    },
    'POST /api/user': { as: 'admin', url: '/api/user', body: () => buildCreateUserInput() },
    'GET /api/user/:id': { as: 'admin', url: `/api/user/${f.staffUserId}` },
    'PUT /api/user/:id': {
      as: 'admin',
      url: `/api/user/${f.staffUserId}`,
      body: () => ({ user: uniqueEmail('personal'), roles: ['ADMINISTRATIVO'] }),
    },
    'PUT /api/user/solicitudes/:id': {
      as: 'admin',
      url: `/api/user/solicitudes/${f.pendingUserId}`,
      body: () => ({}),
    },
    'DELETE /api/user/rechazar/:id': {
      as: 'admin',
      url: `/api/user/rechazar/${f.rejectedUserId}`,
      body: () => ({ motivo: 'Falta la matrícula' }),
    },
    'POST /api/registro': { as: 'anonymous', url: '/api/registro', body: () => buildRegistroInput() },
    'POST /api/registro/confirm-email': {
      as: 'anonymous',
      url: '/api/registro/confirm-email',
      body: () => ({ token: randomBytes(32).toString('base64url') }),
    },
    'POST /api/registro/resend-confirmation': {
      as: 'anonymous',
      url: '/api/registro/resend-confirmation',
      body: () => ({ email: f.rejectedEmail }),
    },
    'GET /api/permisos': { as: 'admin', url: '/api/permisos' },
    'GET /api/user/paginated': {
      as: 'admin',
      url: '/api/user/paginated',
      query: { pageIndex: '0', pageSize: '10', search: 'personal' },
    },
    'POST /api/user/invitaciones': {
      as: 'admin',
      url: '/api/user/invitaciones',
      body: (n) => ({
        nombre: `Persona ${n}`,
        email: uniqueEmail('invitado'),
        roles: [f.administrativoRoleId],
      }),
    },
    'POST /api/user/invitaciones/:id/reenviar': {
      as: 'admin',
      url: `/api/user/invitaciones/${f.invitedUserId}/reenviar`,
    },
    'GET /api/user/invitaciones/:token': {
      as: 'anonymous',
      url: `/api/user/invitaciones/${randomBytes(32).toString('base64url')}`,
    },
    'PUT /api/user/invitaciones/:token': {
      as: 'anonymous',
      url: `/api/user/invitaciones/${randomBytes(32).toString('base64url')}`,
      body: () => ({ password: 'Clave-Nueva-2026' }),
    },
    'PUT /api/user/:id/roles': {
      as: 'admin',
      url: `/api/user/${f.staffUserId}/roles`,
      body: () => ({ roles: [f.administrativoRoleId] }),
    },
    'PUT /api/user/:id/estado': {
      as: 'admin',
      url: `/api/user/${f.staffUserId}/estado`,
      body: () => ({ activo: true }),
    },
    'POST /api/user/:id/recuperacion': { as: 'admin', url: `/api/user/${f.recoveryUserId}/recuperacion` },
    'GET /api/roles': { as: 'admin', url: '/api/roles' },
    'POST /api/roles': {
      as: 'admin',
      url: '/api/roles',
      body: (n) => ({ name: `ROL ${n}`, permissions: ['AFILIADOS.GET', 'BACKOFFICE_ACCESS'] }),
    },
    'PUT /api/roles/:id': {
      as: 'admin',
      url: `/api/roles/${f.rolToEdit}`,
      body: (n) => ({ name: `ROL EDITADO ${n}`, permissions: ['AFILIADOS.GET'] }),
    },

    'POST /api/afiliados/login': {
      as: 'anonymous',
      url: '/api/afiliados/login',
      body: () => ({ documento: f.loginAfiliado.documento }),
    },
    'POST /api/afiliados/logout': { as: 'ownAfiliado', url: '/api/afiliados/logout' },
    'GET /api/afiliados/paginated': {
      as: 'admin',
      url: '/api/afiliados/paginated',
      query: { ...listQuery, obraSocialId: String(f.osId), estado: 'activos' },
    },
    // The exports answer a file; past 30 an hour the rest are a Spanish 429, still below 500.
    'GET /api/afiliados/export': {
      as: 'admin',
      url: '/api/afiliados/export',
      query: { search: 'Prueba', obraSocialId: String(f.osId), formato: 'xlsx', separador: ';' },
    },
    'GET /api/afiliados': {
      as: 'dentist',
      url: '/api/afiliados',
      query: { search: f.afiliado.documento, limit: '10', obraSocialId: String(f.osId), estado: 'activos' },
    },
    'GET /api/afiliados/profile': { as: 'afiliado', url: '/api/afiliados/profile' },
    'GET /api/afiliados/profile/accesos': {
      as: 'afiliado',
      url: '/api/afiliados/profile/accesos',
      query: { pageIndex: '0', pageSize: '10' },
    },
    'GET /api/afiliados/profile/datos': { as: 'afiliado', url: '/api/afiliados/profile/datos' },
    'PUT /api/afiliados/profile': {
      as: 'afiliado',
      url: '/api/afiliados/profile',
      body: () => ({ email: uniqueEmail('afiliado'), telefono: '011 4000-0000' }),
    },
    'POST /api/afiliados/confirm-email': {
      as: 'anonymous',
      url: '/api/afiliados/confirm-email',
      body: () => ({ token: randomBytes(16).toString('hex') }),
    },
    'POST /api/afiliados/import-csv': {
      as: 'admin',
      url: '/api/afiliados/import-csv',
      query: { dryRun: 'false' },
      upload: {
        fields: { obraSocialId: String(f.osId) },
        file: { field: 'file', name: 'padron.csv', type: 'text/csv', content: Buffer.from(CSV) },
        contract: importCsvFormSchema,
        maxBytes: MAX_UPLOAD_BYTES,
      },
    },
    'GET /api/afiliados/:id': { as: 'admin', url: `/api/afiliados/${f.afiliado.id}` },
    'POST /api/afiliados': {
      as: 'admin',
      url: '/api/afiliados',
      body: () => buildAfiliadoInput({ obraSocial: { id: f.osId } }),
    },
    'PUT /api/afiliados/:id': {
      as: 'admin',
      url: `/api/afiliados/${f.afiliadoToEdit}`,
      body: () => ({
        ...buildAfiliadoInput({ obraSocial: { id: f.osId } }),
        email: uniqueEmail('afiliado'),
        telefono: '011 4000-0000',
      }),
    },
    'DELETE /api/afiliados/:id': { as: 'admin', url: `/api/afiliados/${f.afiliadoToDelete}` },
    'POST /api/afiliados/:id/reactivar': {
      as: 'admin',
      url: `/api/afiliados/${f.afiliadoToReactivate}/reactivar`,
    },
    'GET /api/afiliados/profile/token': { as: 'afiliado', url: '/api/afiliados/profile/token' },
    'GET /api/afiliados/profile/prestaciones': { as: 'afiliado', url: '/api/afiliados/profile/prestaciones' },
    'GET /api/afiliados/profile/autorizaciones/:numero/adjuntos/:adjuntoId': {
      as: 'afiliado',
      url: '/api/afiliados/profile/autorizaciones/AU-K7M29QXP/adjuntos/1',
    },
    // Without the enrolled phone's code: a Spanish 403, still below 500.
    'POST /api/afiliados/profile/confirmaciones': {
      as: 'afiliado',
      url: '/api/afiliados/profile/confirmaciones',
      body: () => ({ atencionId: 1, atendido: true, cobro: 0 }),
    },
    'GET /api/prestaciones/confirmaciones': {
      as: 'admin',
      url: '/api/prestaciones/confirmaciones',
      query: { estado: 'revisada', profesionalId: '1' },
    },
    // No observed answer about that visit: a Spanish 404, still below 500.
    'PUT /api/prestaciones/confirmaciones/:id': {
      as: 'admin',
      url: '/api/prestaciones/confirmaciones/1',
      body: () => ({ estado: 'revisada', nota: 'El afiliado confirmó la atención por teléfono.' }),
    },
    // The affiliate has no proven e-mail: a Spanish 400, still below 500.
    'POST /api/afiliados/profile/token/enlace': {
      as: 'afiliado',
      url: '/api/afiliados/profile/token/enlace',
    },
    'POST /api/afiliados/profile/token': {
      as: 'afiliado',
      url: '/api/afiliados/profile/token',
      body: () => ({ codigo: 'AAAA-BBBB-CCCC' }),
    },
    'POST /api/afiliados/token/olvidar': {
      as: 'anonymous',
      url: '/api/afiliados/token/olvidar',
      body: () => ({ dispositivoId: 1, token: '123456' }),
    },
    'GET /api/afiliados/:id/token': { as: 'admin', url: `/api/afiliados/${f.afiliado.id}/token` },
    'POST /api/afiliados/:id/token/codigo': {
      as: 'admin',
      url: `/api/afiliados/${f.afiliado.id}/token/codigo`,
    },
    // No phone is enrolled: a Spanish 404, still below 500.
    'DELETE /api/afiliados/:id/token': { as: 'admin', url: `/api/afiliados/${f.afiliado.id}/token` },

    'GET /api/obra-sociales': { as: 'admin', url: '/api/obra-sociales', query: listQuery },
    'GET /api/obra-sociales/export': {
      as: 'admin',
      url: '/api/obra-sociales/export',
      query: { formato: 'csv' },
    },
    'GET /api/obra-sociales/list': { as: 'admin', url: '/api/obra-sociales/list' },
    'POST /api/obra-sociales': { as: 'admin', url: '/api/obra-sociales', body: () => buildObraSocialInput() },
    'PUT /api/obra-sociales/:id': {
      as: 'admin',
      url: `/api/obra-sociales/${f.osToEdit}`,
      body: () => buildObraSocialInput(),
    },
    'DELETE /api/obra-sociales/:id': { as: 'admin', url: `/api/obra-sociales/${f.osToDelete}` },

    'GET /api/profesionales/obrasocial': { as: 'afiliado', url: '/api/profesionales/obrasocial' },
    'POST /api/profesionales/:id/reportes': {
      as: 'afiliado',
      url: `/api/profesionales/${ids}/reportes`,
      body: () => ({ motivo: 'El teléfono del consultorio no existe' }),
    },
    'GET /api/profesionales/:id/reportes': { as: 'admin', url: `/api/profesionales/${ids}/reportes` },
    'GET /api/profesionales/solicitudes': { as: 'admin', url: '/api/profesionales/solicitudes' },
    'GET /api/profesionales/paginated': {
      as: 'admin',
      url: '/api/profesionales/paginated',
      query: listQuery,
    },
    // At most one every 30 days: the cases after the first are a Spanish 409, still below 500.
    'POST /api/profesionales/:id/recordatorio': {
      as: 'admin',
      url: `/api/profesionales/${ids}/recordatorio`,
    },
    'GET /api/profesionales/recordatorio/:token': {
      as: 'anonymous',
      url: `/api/profesionales/recordatorio/${randomBytes(32).toString('base64url')}`,
    },
    'POST /api/profesionales/recordatorio/:token/confirmar': {
      as: 'anonymous',
      url: `/api/profesionales/recordatorio/${randomBytes(32).toString('base64url')}/confirmar`,
    },
    'GET /api/profesionales/export': {
      as: 'admin',
      url: '/api/profesionales/export',
      query: { search: 'Prueba', formato: 'csv', separador: ',' },
    },
    'GET /api/profesionales/profile': { as: 'dentist', url: '/api/profesionales/profile' },
    'PUT /api/profesionales/profile': {
      as: 'dentist',
      url: '/api/profesionales/profile',
      body: () => profileBody(f.dentist, f),
    },
    'POST /api/profesionales/profile/confirmar-datos': {
      as: 'dentist',
      url: '/api/profesionales/profile/confirmar-datos',
    },
    'GET /api/profesionales/profile/datos': { as: 'dentist', url: '/api/profesionales/profile/datos' },
    'PUT /api/profesionales/zonas-os/:id': {
      as: 'admin',
      url: `/api/profesionales/zonas-os/${ids}`,
      body: () => ({ zonaId: f.zonaId }),
    },
    'POST /api/profesionales/:id/verificar-matricula': {
      as: 'admin',
      url: `/api/profesionales/${ids}/verificar-matricula`,
    },
    'GET /api/profesionales/:id': { as: 'admin', url: `/api/profesionales/${ids}` },
    'PUT /api/profesionales/:id': {
      as: 'admin',
      url: `/api/profesionales/${ids}`,
      body: () => profileBody(f.dentist, f),
    },
    'DELETE /api/profesionales/:id': { as: 'admin', url: `/api/profesionales/${f.dentistToDelete}` },
    'GET /api/especialidades': { as: 'admin', url: '/api/especialidades' },
    'GET /api/especialidades/:id': { as: 'admin', url: `/api/especialidades/${f.especialidadId}` },
    'POST /api/especialidades': {
      as: 'admin',
      url: '/api/especialidades',
      body: (n) => ({ nombre: `Especialidad ${n}` }),
    },
    'GET /api/especialidades/catalogo': { as: 'admin', url: '/api/especialidades/catalogo' },
    'PUT /api/especialidades/:id': {
      as: 'admin',
      url: `/api/especialidades/${f.especialidadToEdit}`,
      body: (n) => ({ nombre: `Especialidad renombrada ${n}` }),
    },
    'DELETE /api/especialidades/:id': { as: 'admin', url: `/api/especialidades/${f.especialidadToDelete}` },
    'GET /api/zonas': { as: 'admin', url: '/api/zonas' },
    'GET /api/zonas/catalogo': { as: 'admin', url: '/api/zonas/catalogo' },
    'PUT /api/zonas/:id': {
      as: 'admin',
      url: `/api/zonas/${f.zonaToEdit}`,
      body: (n) => ({ nombre: `Zona cambiada ${n}`, numero: 2000 + n }),
    },
    'POST /api/zonas': {
      as: 'admin',
      url: '/api/zonas',
      body: (n) => ({ nombre: `Zona ${n}`, numero: 1000 + n }),
    },
    'GET /api/geocode': { as: 'dentist', url: '/api/geocode', query: { q: 'Av. Corrientes 1234' } },

    'GET /api/nomenclador': {
      as: 'dentist',
      url: '/api/nomenclador',
      query: { search: 'consulta', capitulo: '01' },
    },
    'PUT /api/nomenclador/:id': {
      as: 'admin',
      url: `/api/nomenclador/${f.codigoId}`,
      body: (n) => ({ nombre: `Consulta ${n}`, area: 'boca', denticion: 'ambas', unidades: 100 + n }),
    },
    'POST /api/nomenclador/import': {
      as: 'admin',
      url: '/api/nomenclador/import',
      query: { dryRun: 'true' },
      upload: {
        fields: {},
        file: {
          field: 'file',
          name: 'nomenclador.csv',
          type: 'text/csv',
          content: Buffer.from('codigo;nombre;area\n01.09;Consulta de prueba;boca\n'),
        },
        contract: nomencladorImportFormSchema,
        maxBytes: MAX_UPLOAD_BYTES,
      },
    },
    'GET /api/nomenclador/grupos': { as: 'dentist', url: '/api/nomenclador/grupos' },
    'POST /api/nomenclador/grupos': {
      as: 'admin',
      url: '/api/nomenclador/grupos',
      body: (n) => ({ nombre: `Grupo ${n}`, codigos: ['01.01'] }),
    },
    'PUT /api/nomenclador/grupos/:id': {
      as: 'admin',
      url: `/api/nomenclador/grupos/${f.grupoId}`,
      body: (n) => ({ nombre: `Grupo cambiado ${n}`, codigos: ['01.01'] }),
    },
    'DELETE /api/nomenclador/grupos/:id': { as: 'admin', url: `/api/nomenclador/grupos/${f.grupoToDelete}` },
    'GET /api/convenios': { as: 'dentist', url: '/api/convenios', query: { obraSocialId: String(f.osId) } },
    'POST /api/convenios': {
      as: 'admin',
      url: '/api/convenios',
      body: (n) => ({
        ...convenioBody(f.osToEdit),
        nombre: `Convenio ${n}`,
        vigenteDesde: `${2100 + n}-01-01`,
        vigenteHasta: `${2100 + n}-12-31`,
      }),
    },
    'PUT /api/convenios/:id': {
      as: 'admin',
      url: `/api/convenios/${f.convenioId}`,
      body: (n) => ({ ...convenioBody(f.osId), nombre: `Convenio cambiado ${n}` }),
    },
    'GET /api/convenios/:id/aranceles': {
      as: 'dentist',
      url: `/api/convenios/${f.convenioId}/aranceles`,
      query: { fecha: '2026-06-01', search: '01.01', pageIndex: '0', pageSize: '10' },
    },
    'POST /api/convenios/:id/aranceles/import': {
      as: 'admin',
      url: `/api/convenios/${f.convenioId}/aranceles/import`,
      query: { dryRun: 'true' },
      upload: {
        fields: {},
        file: {
          field: 'file',
          name: 'aranceles.csv',
          type: 'text/csv',
          content: Buffer.from('codigo;importe;vigente_desde\n01.01;1.500,00;2026-02-01\n'),
        },
        contract: arancelesImportFormSchema,
        maxBytes: MAX_UPLOAD_BYTES,
      },
    },
    'GET /api/planes': { as: 'dentist', url: '/api/planes', query: { obraSocialId: String(f.osId) } },
    'POST /api/planes': {
      as: 'admin',
      url: '/api/planes',
      body: (n) => ({ obraSocialId: f.osToEdit, codigo: `P${n}`, nombre: `Plan ${n}` }),
    },
    'PUT /api/planes/:id': {
      as: 'admin',
      url: `/api/planes/${f.planId}`,
      body: (n) => ({ obraSocialId: f.osId, codigo: 'PL', nombre: `Plan cambiado ${n}` }),
    },
    'DELETE /api/planes/:id': { as: 'admin', url: `/api/planes/${f.planToDelete}` },
    'GET /api/planes/:id/reglas': {
      as: 'dentist',
      url: `/api/planes/${f.planId}/reglas`,
      query: { fecha: '2026-06-01' },
    },
    'POST /api/planes/:id/reglas': {
      as: 'admin',
      url: `/api/planes/${f.planId}/reglas`,
      body: (n) => reglaBody('capitulo:05', 2100 + n),
    },
    'PUT /api/planes/:id/reglas/:reglaId': {
      as: 'admin',
      url: `/api/planes/${f.planId}/reglas/${f.reglaId}`,
      body: () => reglaBody('01.01', 2026),
    },
    'DELETE /api/planes/:id/reglas/:reglaId': {
      as: 'admin',
      url: `/api/planes/${f.planId}/reglas/${f.reglaToDelete}`,
    },
    'GET /api/planes/:id/reglas/export': { as: 'dentist', url: `/api/planes/${f.planId}/reglas/export` },
    'POST /api/planes/:id/reglas/import': {
      as: 'admin',
      url: `/api/planes/${f.planId}/reglas/import`,
      query: { dryRun: 'true' },
      upload: {
        fields: {},
        file: {
          field: 'file',
          name: 'reglas.csv',
          type: 'text/csv',
          content: Buffer.from('objetivo;cubre;cobertura_pct;vigente_desde\n02.01;si;100;2027-01-01\n'),
        },
        contract: reglasImportFormSchema,
        maxBytes: MAX_UPLOAD_BYTES,
      },
    },

    'GET /api/prestaciones/historia': {
      as: 'dentist',
      url: '/api/prestaciones/historia',
      query: { documento: f.afiliado.documento },
    },
    'POST /api/prestaciones/validar': {
      as: 'dentist',
      url: '/api/prestaciones/validar',
      query: { dryRun: 'true' },
      body: () => ({
        documento: f.afiliado.documento,
        fecha: networkClock(new Date()).date,
        canal: 'normal',
        token: null,
        lineas: [{ codigo: '02.01', pieza: 36, caras: 'O', sector: null, autorizacion: null, adjuntos: [] }],
      }),
    },
    // The fixture's code needs no authorization: a Spanish 400, still below 500.
    'POST /api/autorizaciones': {
      as: 'dentist',
      url: '/api/autorizaciones',
      body: () => ({
        documento: f.afiliado.documento,
        lineas: [{ codigo: '02.01', pieza: 36, caras: 'O', sector: null }],
        nota: 'Caries profunda',
      }),
    },
    'GET /api/autorizaciones': {
      as: 'dentist',
      url: '/api/autorizaciones',
      query: { estado: 'en_revision', pageIndex: '0', pageSize: '10' },
    },
    // No such request: Spanish 404s, still below 500.
    'GET /api/autorizaciones/:id': { as: 'dentist', url: '/api/autorizaciones/1' },
    'POST /api/autorizaciones/:id/mensajes': {
      as: 'dentist',
      url: '/api/autorizaciones/1/mensajes',
      body: () => ({ texto: 'Va la radiografía' }),
    },
    'PUT /api/autorizaciones/:id': {
      as: 'admin',
      url: '/api/autorizaciones/1',
      body: () => ({
        decision: 'aprobar_parcial',
        items: [1],
        motivo: 'rx_insuficiente',
        nota: 'Solo la 36',
      }),
    },
    'POST /api/autorizaciones/:id/adjuntos': {
      as: 'dentist',
      url: '/api/autorizaciones/1/adjuntos',
      upload: {
        fields: { tipo: 'rx_pre' },
        file: { field: 'archivo', name: 'rx.jpg', type: 'image/jpeg', content: jpegConUbicacion() },
        contract: adjuntoFormSchema,
        maxBytes: MAX_ADJUNTO_BYTES,
      },
    },
    'GET /api/autorizaciones/:id/adjuntos/:adjuntoId': {
      as: 'dentist',
      url: '/api/autorizaciones/1/adjuntos/1',
    },
    'POST /api/autorizaciones/:id/anular': { as: 'dentist', url: '/api/autorizaciones/1/anular' },
    'GET /api/auditoria-odontologica/cola': {
      as: 'admin',
      url: '/api/auditoria-odontologica/cola',
      query: {
        estado: 'observada',
        obraSocialId: '1',
        profesionalId: '1',
        codigo: '03.01',
        pageIndex: '0',
        pageSize: '10',
      },
    },
    'GET /api/auditoria-odontologica/:id/contexto': {
      as: 'admin',
      url: '/api/auditoria-odontologica/1/contexto',
    },
    'GET /api/periodos': { as: 'admin', url: '/api/periodos' },
    'GET /api/periodos/:periodo': { as: 'admin', url: '/api/periodos/2026-01' },
    'POST /api/periodos/:periodo/cierre': {
      as: 'admin',
      url: '/api/periodos/2020-01/cierre',
      body: () => ({ muestra: { porcentaje: 5, desde: 5_000_000, desvio: 2 }, semilla: 42 }),
    },
    'GET /api/liquidaciones': {
      as: 'dentist',
      url: '/api/liquidaciones',
      query: { periodo: '2026-01', profesional: '1' },
    },
    'GET /api/liquidaciones/:id': { as: 'dentist', url: '/api/liquidaciones/1' },
    'PUT /api/liquidaciones/:id/pago': {
      as: 'admin',
      url: '/api/liquidaciones/1/pago',
      body: () => ({ pagadoEl: '2026-01-10' }),
    },
    'GET /api/lotes': { as: 'admin', url: '/api/lotes', query: { periodo: '2026-01' } },
    'GET /api/lotes/:id/export': {
      as: 'admin',
      url: '/api/lotes/1/export',
      query: { formato: 'fhir', separador: ';' },
    },
    'POST /api/lotes/:id/debitos/import': {
      as: 'admin',
      url: '/api/lotes/1/debitos/import',
      query: { dryRun: 'true' },
      upload: {
        fields: {},
        file: {
          field: 'file',
          name: 'debitos.csv',
          type: 'text/csv',
          content: Buffer.from('linea;importe;motivo\n1;1.000,00;D05 falta Rx\n'),
        },
        contract: debitosImportFormSchema,
        maxBytes: MAX_UPLOAD_BYTES,
      },
    },
    'GET /api/lotes/:id/debitos': { as: 'admin', url: '/api/lotes/1/debitos' },
    'PUT /api/lotes/:id/debitos/:debitoId': {
      as: 'admin',
      url: '/api/lotes/1/debitos/1',
      body: () => ({ decision: 'absorbido' }),
    },
    'POST /api/lineas/:id/refacturar': { as: 'admin', url: '/api/lineas/1/refacturar' },
    'GET /api/lineas': {
      as: 'admin',
      url: '/api/lineas',
      query: { estado: 'presentada', profesionalId: '1', obraSocialId: '1', pageIndex: '0', pageSize: '10' },
    },
    'PUT /api/lineas/:id/decision': {
      as: 'admin',
      url: '/api/lineas/1/decision',
      body: () => ({
        decision: 'aprobar_parcial',
        importeAprobado: 500_000,
        motivo: 'D14',
        nota: 'Arancel del convenio',
      }),
    },
    'POST /api/lineas/:id/respuesta': {
      as: 'dentist',
      url: '/api/lineas/1/respuesta',
      body: () => ({ texto: 'Adjunto la Rx postoperatoria' }),
    },
    'POST /api/lineas/:id/reconsideracion': {
      as: 'dentist',
      url: '/api/lineas/1/reconsideracion',
      body: () => ({ nota: 'La Rx se adjuntó en término' }),
    },
    'PUT /api/lotes/:id/pago': {
      as: 'admin',
      url: '/api/lotes/1/pago',
      body: () => ({ pagadoEl: '2026-01-10' }),
    },
    'GET /api/prestaciones': {
      as: 'dentist',
      url: '/api/prestaciones',
      query: { periodo: '2026-12', estado: 'validada', search: 'Pérez' },
    },
    'GET /api/prestaciones/export': {
      as: 'dentist',
      url: '/api/prestaciones/export',
      query: { periodo: '2026-12', formato: 'csv', separador: ';' },
    },
    // No line of the dentist's is there to anull: the door answers 404 to the valid request too.
    'POST /api/prestaciones/lineas/:id/anular': { as: 'dentist', url: '/api/prestaciones/lineas/1/anular' },
    'GET /api/prestaciones/atenciones/:id/comprobante': {
      as: 'dentist',
      url: '/api/prestaciones/atenciones/1/comprobante',
    },

    'POST /api/notificaciones': {
      as: 'admin',
      url: '/api/notificaciones',
      upload: notificacion('profesionales'),
    },
    'POST /api/notificaciones/afiliados': {
      as: 'admin',
      url: '/api/notificaciones/afiliados',
      upload: notificacion('afiliados'),
    },
    'POST /api/notificaciones/destinatarios': {
      as: 'admin',
      url: '/api/notificaciones/destinatarios',
      body: () => ({ destinatario: 'profesionales', obrasSociales: [f.osId], zonas: [f.zonaId] }),
    },
    'GET /api/notificaciones': {
      as: 'admin',
      url: '/api/notificaciones',
      query: { pageIndex: '1', pageSize: '10', search: 'Actualización de valores' },
    },
    'GET /api/notificaciones/by-id': {
      as: 'dentist',
      url: '/api/notificaciones/by-id',
      query: { pageIndex: '0', pageSize: '10', search: 'Actualización de valores' },
    },
    'GET /api/notificaciones/afiliados': {
      as: 'afiliado',
      url: '/api/notificaciones/afiliados',
      query: { pageIndex: '0', pageSize: '10' },
    },
    'PUT /api/notificaciones/read': {
      as: 'dentist',
      url: '/api/notificaciones/read',
      body: () => ({ notificacionId: f.notificacionId }),
    },
    'GET /api/notificaciones/unread': { as: 'dentist', url: '/api/notificaciones/unread' },
    'DELETE /api/notificaciones': {
      as: 'admin',
      url: '/api/notificaciones',
      body: () => ({ ids: [f.notificacionToDelete] }),
    },
    'GET /api/notificaciones/:id/destinatarios': {
      as: 'admin',
      url: `/api/notificaciones/${f.notificacionId}/destinatarios`,
      query: { pageIndex: '0', pageSize: '10' },
    },
    'GET /api/notificaciones/:id/destinatarios/export': {
      as: 'admin',
      url: `/api/notificaciones/${f.notificacionId}/destinatarios/export`,
      query: { formato: 'xlsx' },
    },
    'GET /api/files/*': { as: 'anonymous', url: f.fileLink.path, query: f.fileLink.query },

    'GET /api/auditoria': {
      as: 'admin',
      url: '/api/auditoria',
      query: { pageIndex: '0', pageSize: '10', ...auditFilters },
    },
    // Answers text/csv; past 30 exports an hour the rest are a Spanish 429, still below 500.
    'GET /api/auditoria/export': {
      as: 'admin',
      url: '/api/auditoria/export',
      query: { ...auditFilters, separador: ';' },
    },

    'GET /api/reportes': {
      as: 'admin',
      url: '/api/reportes',
      query: { pageIndex: '0', pageSize: '10', estado: 'cerrado', profesionalId: String(f.dentist.id) },
    },
    'GET /api/reportes/mios': { as: 'afiliado', url: '/api/reportes/mios' },
    'GET /api/tablero': { as: 'admin', url: '/api/tablero' },
    'GET /api/tablero/pendientes': { as: 'admin', url: '/api/tablero/pendientes' },
    'PUT /api/reportes/:id': {
      as: 'admin',
      url: `/api/reportes/${f.reporteId}`,
      body: () => ({ estado: 'cerrado', nota: 'Datos revisados con el profesional.' }),
    },
  };
}

/** The records the valid requests name, made through the API as staff and users would. */
async function createFixtures(ctx: TestContext) {
  const { app } = ctx;
  const admin = await loginAs(app, ADMIN.email, ADMIN.password);
  const call = async (method: 'POST' | 'PUT', url: string, payload: object) => {
    const res = await app.inject({ method, url, headers: admin, payload });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json() as { id: number };
  };
  const osId = (await createObraSocial(app, admin)).id;
  const osToEdit = (await createObraSocial(app, admin)).id;
  const osToDelete = (await createObraSocial(app, admin)).id;
  const zonaId = (await call('POST', '/api/zonas', { nombre: 'Centro', numero: 1 })).id;
  const especialidadId = (await call('POST', '/api/especialidades', { nombre: 'Odontología del deporte' }))
    .id;
  const especialidadToEdit = (await call('POST', '/api/especialidades', { nombre: 'Gnatología' })).id;
  const especialidadToDelete = (await call('POST', '/api/especialidades', { nombre: 'Odontología legal' }))
    .id;
  const zonaToEdit = (await call('POST', '/api/zonas', { nombre: 'Oeste', numero: 2 })).id;
  await loadCodigos(app, admin);
  const codigoId = (
    await app.inject({ method: 'GET', url: '/api/nomenclador?search=01.01', headers: admin })
  ).json().rows[0].id as number;
  const grupoId = (await call('POST', '/api/nomenclador/grupos', { nombre: 'Consultas', codigos: ['01.01'] }))
    .id;
  const convenioId = (await call('POST', '/api/convenios', convenioBody(osId))).id;
  const planId = (await call('POST', '/api/planes', { obraSocialId: osId, codigo: 'PL', nombre: 'Plan' })).id;
  const planToDelete = (
    await call('POST', '/api/planes', { obraSocialId: osId, codigo: 'BORRAR', nombre: 'Borrar' })
  ).id;
  const reglaId = (await call('POST', `/api/planes/${planId}/reglas`, reglaBody('01.01', 2026))).id;
  const reglaToDelete = (await call('POST', `/api/planes/${planId}/reglas`, reglaBody('02.01', 2026))).id;
  const grupoToDelete = (
    await call('POST', '/api/nomenclador/grupos', { nombre: 'Borrar', codigos: ['01.01'] })
  ).id;
  const dentist = await createDentist(app, admin, {
    obrasSociales: [osId],
    zonaId,
    especialidades: [especialidadId],
  });
  const dentistToDelete = (await createDentist(app, admin)).id;
  const pending = await createDentist(app, admin, { pending: true, confirmed: true });
  const rejected = await createDentist(app, admin, { pending: true });
  const afiliado = await createAfiliado(app, admin, osId);
  const loginAfiliado = await createAfiliado(app, admin, osId);
  const afiliadoToEdit = (await createAfiliado(app, admin, osId)).id;
  const afiliadoToDelete = (await createAfiliado(app, admin, osId)).id;
  const afiliadoToReactivate = (await createAfiliado(app, admin, osId)).id;
  await app.inject({ method: 'DELETE', url: `/api/afiliados/${afiliadoToReactivate}`, headers: admin });
  const staffUserId = (await createUserWithRoles(app, admin, ['ADMINISTRATIVO'])).id;
  const recoveryUserId = (await createUserWithRoles(app, admin, ['ADMINISTRATIVO'])).id;
  const roles = (await app.inject({ method: 'GET', url: '/api/roles', headers: admin })).json() as {
    id: number;
    name: string;
  }[];
  const administrativoRoleId = roles.find((r) => r.name === 'ADMINISTRATIVO')!.id;
  const invitedUserId = (
    await call('POST', '/api/user/invitaciones', {
      nombre: 'Persona Invitada',
      email: uniqueEmail('invitado'),
      roles: [administrativoRoleId],
    })
  ).id;
  const rolToEdit = (await call('POST', '/api/roles', { name: 'AUDITOR', permissions: ['AFILIADOS.GET'] }))
    .id;
  const loginUser = await createUserWithRoles(app, admin, ['ADMINISTRATIVO']);
  const afiliadoHeaders = await afiliadoAuth(app, afiliado.id);
  const dentistHeaders = await loginAs(app, dentist.email, dentist.password);

  const sendToDentist = async () => {
    const form = multipart(
      encodeForm({ title: 'Circular', category: 'Actualización de valores', profesionales: [dentist.id] }),
      {
        name: 'circular.pdf',
        content: PDF,
        field: 'pdfs',
        type: 'application/pdf',
      },
    );
    const res = await app.inject({
      method: 'POST',
      url: '/api/notificaciones',
      headers: { ...admin, ...form.headers },
      payload: form.payload,
    });
    if (res.statusCode !== 201) throw new Error(`send: ${res.statusCode} ${res.body}`);
  };
  await sendToDentist();
  await sendToDentist();
  const own = await app.inject({ method: 'GET', url: '/api/notificaciones/by-id', headers: dentistHeaders });
  const [first, second] = (own.json() as { rows: { id: number; message: string[] }[] }).rows;
  const link = new URL(first!.message[0]!, 'http://localhost');

  const reporte = await app.inject({
    method: 'POST',
    url: `/api/profesionales/${dentist.id}/reportes`,
    headers: afiliadoHeaders,
    payload: { motivo: 'La dirección es otra' },
  });
  const reportes = await app.inject({
    method: 'GET',
    url: `/api/profesionales/${dentist.id}/reportes`,
    headers: admin,
  });
  if (reporte.statusCode !== 201) throw new Error(`report: ${reporte.statusCode} ${reporte.body}`);

  return {
    headers: { admin, afiliado: afiliadoHeaders, dentist: dentistHeaders, anonymous: {} } as Record<
      Exclude<Caller, 'staff'>,
      Record<string, string>
    >,
    admin,
    osId,
    osToEdit,
    osToDelete,
    zonaId,
    zonaToEdit,
    codigoId,
    convenioId,
    planId,
    planToDelete,
    reglaId,
    reglaToDelete,
    grupoId,
    grupoToDelete,
    especialidadId,
    especialidadToEdit,
    especialidadToDelete,
    dentist,
    dentistToDelete,
    pendingUserId: pending.userId,
    rejectedEmail: rejected.email,
    rejectedUserId: rejected.userId,
    afiliado,
    loginAfiliado,
    afiliadoToEdit,
    afiliadoToDelete,
    afiliadoToReactivate,
    staffUserId,
    recoveryUserId,
    administrativoRoleId,
    invitedUserId,
    rolToEdit,
    loginUser,
    notificacionId: first!.id,
    notificacionToDelete: second!.id,
    reporteId: (reportes.json() as { id: number }[])[0]!.id,
    fileLink: { path: link.pathname, query: Object.fromEntries(link.searchParams) },
  };
}

/** The property names a schema declares, through unions and pipes (its JSON Schema, input side). */
function declaredFields(schema: unknown): string[] {
  if (!(schema instanceof z.ZodType)) return [];
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  const names = new Set<string>();
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    const n = node as { properties?: object; anyOf?: unknown[]; allOf?: unknown[]; oneOf?: unknown[] };
    for (const key of Object.keys(n.properties ?? {})) names.add(key);
    for (const sub of [...(n.anyOf ?? []), ...(n.allOf ?? []), ...(n.oneOf ?? [])]) visit(sub);
  };
  visit(json);
  return [...names];
}

/** Every field path of a body worth mutating: its top-level fields, and one level into objects and lists of objects. */
function fieldPaths(body: unknown, declared: string[]): { path: (string | number)[]; nested: boolean }[] {
  const paths: { path: (string | number)[]; nested: boolean }[] = [];
  const top =
    body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  for (const key of new Set([...declared, ...Object.keys(top)])) {
    paths.push({ path: [key], nested: false });
    const value = top[key];
    const inner = Array.isArray(value) ? value[0] : value;
    if (inner && typeof inner === 'object' && !Array.isArray(inner))
      for (const sub of Object.keys(inner)) {
        paths.push({ path: Array.isArray(value) ? [key, 0, sub] : [key, sub], nested: true });
      }
  }
  return paths;
}

/** A deep copy of `body` with the value at `path` replaced, or removed when `value` is `REMOVE`. */
const REMOVE = Symbol('remove');
function withValue(body: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(body ?? {}) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) {
    if (node[key] === null || typeof node[key] !== 'object') node[key] = {};
    node = node[key] as Record<string | number, unknown>;
  }
  const last = path.at(-1)!;
  if (value === REMOVE) delete node[last];
  else node[last] = value;
  return copy;
}

interface Case {
  label: string;
  method: string;
  url: string;
  headers?: Record<string, string>;
  /** A JSON value to send, or the raw bytes. */
  payload?: unknown;
  raw?: string | Buffer;
}

const queryString = (query: Record<string, string | string[]>) => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) for (const item of [v].flat()) params.append(k, item);
  const text = params.toString();
  return text ? `?${text}` : '';
};

/** Every case for one route: path ids, query parameters, the body and the upload, each taken apart. */
function casesFor(route: RouteEntry, valid: ValidRequest): Case[] {
  const { method } = route;
  const cases: Case[] = [];
  const baseQuery = valid.query ?? {};
  const url = (path: string, query: Record<string, string | string[]> = baseQuery) =>
    `${path}${queryString(query)}`;
  const body = valid.body?.(0);

  // Path: every segment a pattern parameter fills, and the file route's key.
  const patternSegments = route.url.split('/');
  const segments = valid.url.split('/');
  patternSegments.forEach((part, i) => {
    if (!part.startsWith(':') && part !== '*') return;
    for (const [label, value] of HOSTILE_SEGMENTS) {
      const path = [...segments.slice(0, i), value, ...(part === '*' ? [] : segments.slice(i + 1))].join('/');
      cases.push({ label: `path ${part} ${label}`, method, url: url(path), payload: body });
    }
  });

  // Query: each declared parameter (and the ones the valid request sends) hostile, repeated and missing; one unknown.
  const queryFields = new Set([...declaredFields(route.schema.querystring), ...Object.keys(baseQuery)]);
  for (const key of queryFields) {
    for (const [label, value] of HOSTILE_TEXT)
      cases.push({
        label: `query ${key} ${label}`,
        method,
        url: url(valid.url, { ...baseQuery, [key]: value }),
        payload: body,
      });
    cases.push({
      label: `query ${key} repeated`,
      method,
      url: url(valid.url, { ...baseQuery, [key]: [baseQuery[key] ?? '1', 'x'] }),
      payload: body,
    });
    const { [key]: _, ...rest } = baseQuery;
    cases.push({ label: `query ${key} missing`, method, url: url(valid.url, rest), payload: body });
  }
  cases.push({
    label: 'query unknown parameter',
    method,
    url: url(valid.url, { ...baseQuery, where: "1=1' --", '<b>': LONG_10K }),
    payload: body,
  });

  if (valid.upload) {
    cases.push(...uploadCases(method, url(valid.url), valid.upload));
    return cases;
  }
  if (method === 'GET') return cases;

  // The body as a whole: broken JSON, other types, other content types.
  for (const [label, raw] of BROKEN_BODIES)
    cases.push({
      label: `body ${label}`,
      method,
      url: url(valid.url),
      raw,
      headers: { 'content-type': 'application/json' },
    });
  for (const type of [
    'text/plain',
    'application/x-www-form-urlencoded',
    'application/xml',
    'application/json; charset=latin1',
  ])
    cases.push({
      label: `body as ${type}`,
      method,
      url: url(valid.url),
      raw: JSON.stringify(body ?? {}),
      headers: { 'content-type': type },
    });
  cases.push({
    label: 'body 1.5 MB',
    method,
    url: url(valid.url),
    payload: { ...((body as object) ?? {}), relleno: 'x'.repeat(1_500_000) },
  });

  // Each field: hostile values of every type, then missing. Unique fields are made unique per case.
  let n = 1;
  for (const { path, nested } of fieldPaths(body, declaredFields(route.schema.body))) {
    for (const [label, value] of nested ? NESTED_VALUES : HOSTILE_VALUES)
      cases.push({
        label: `field ${path.join('.')} ${label}`,
        method,
        url: url(valid.url),
        payload: withValue(valid.body?.(n++) ?? {}, path, value),
      });
    cases.push({
      label: `field ${path.join('.')} missing`,
      method,
      url: url(valid.url),
      payload: withValue(valid.body?.(n++) ?? {}, path, REMOVE),
    });
  }
  // Last, as it may well succeed: the valid body with fields nobody asked for.
  cases.push({
    label: 'body with extra fields',
    method,
    url: url(valid.url),
    payload: {
      ...((valid.body?.(n++) as object) ?? {}),
      id: 1,
      esAdmin: true,
      roles: ['ADMINISTRADOR'],
      '<b>': LONG_10K,
    },
  });
  return cases;
}

/** Multipart requests: the fields the contract reads, hostile; files empty, binary, cut, too big, mislabelled. */
function uploadCases(method: string, url: string, upload: NonNullable<ValidRequest['upload']>): Case[] {
  const cases: Case[] = [];
  const form = (fields: Record<string, string>, file: typeof upload.file | undefined, label: string) => {
    const { payload, headers } = multipart(fields, file && { ...file, content: file.content });
    cases.push({ label, method, url, raw: payload, headers });
  };
  const fileFields = new Set([upload.file.field]);
  for (const key of declaredFields(upload.contract).filter((k) => !fileFields.has(k))) {
    for (const [label, value] of HOSTILE_TEXT)
      form({ ...upload.fields, [key]: value }, upload.file, `form ${key} ${label}`);
    const { [key]: _, ...rest } = upload.fields;
    form(rest, upload.file, `form ${key} missing`);
  }
  const file = upload.file;
  const files: [string, typeof file | undefined][] = [
    ['no file', undefined],
    ['empty file', { ...file, content: Buffer.alloc(0) }],
    ['binary file', { ...file, content: randomBytes(4096) }],
    ['truncated file', { ...file, content: file.content.subarray(0, Math.floor(file.content.length / 2)) }],
    [
      'oversized file',
      { ...file, content: Buffer.concat([file.content, Buffer.alloc(upload.maxBytes + 1, 0x20)]) },
    ],
    [
      'mislabelled file',
      file.type === 'application/pdf'
        ? { ...file, content: Buffer.from(CSV) }
        : { ...file, name: 'padron.pdf', type: 'application/pdf', content: PDF },
    ],
    ['file under another field', { ...file, field: 'otro' }],
    ['hostile file name', { ...file, name: `../../${'\u202E'}${LONG_10K}.pdf` }],
    ['NUL in the file name', { ...file, name: 'a\u0000.pdf' }],
  ];
  for (const [label, f] of files) form(upload.fields, f, `upload ${label}`);
  // Two files, and multipart that breaks off or has no boundary.
  const boundary = `----dos-archivos-${randomBytes(6).toString('hex')}`;
  const filePart = () =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    ]);
  cases.push({
    label: 'upload two files',
    method,
    url,
    raw: Buffer.concat([
      ...Object.entries(upload.fields).map(([k, v]) =>
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
      ),
      filePart(),
      filePart(),
      Buffer.from(`--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  const whole = multipart(upload.fields, file);
  cases.push({
    label: 'upload cut off',
    method,
    url,
    raw: whole.payload.subarray(0, Math.floor(whole.payload.length * 0.7)),
    headers: whole.headers,
  });
  cases.push({
    label: 'upload without boundary',
    method,
    url,
    raw: whole.payload,
    headers: { 'content-type': 'multipart/form-data' },
  });
  cases.push({ label: 'upload as JSON', method, url, payload: upload.fields });
  return cases;
}

/**
 * Columns a request writes whatever its answer: a session's last use is stamped
 * every five minutes by whichever request comes (a slow run crosses that line).
 */
const BOOKKEEPING: Record<string, string> = { user_sessions: 'last_used_at' };

/** Rows a refusal is meant to write: a refused sign-in is on the record of the account tried. */
const RECORDED_REFUSALS: Record<string, string> = {
  audit_log: `action not in ('login_failed', 'login_blocked', 'second_factor_failed')`,
};

/** Each table's row count and newest row version: any insert, update or delete changes it. */
async function fingerprint(ctx: TestContext, tables: string[]) {
  const parts = tables.map((t) => {
    const where = RECORDED_REFUSALS[t] ? ` where ${RECORDED_REFUSALS[t]}` : '';
    return sql.raw(
      BOOKKEEPING[t]
        ? `select '${t}' as t, count(*)::int as n, coalesce(md5(string_agg((to_jsonb(r) - '${BOOKKEEPING[t]}')::text, ',' order by (to_jsonb(r) - '${BOOKKEEPING[t]}')::text)), '') as v from "${t}" r${where}`
        : `select '${t}' as t, count(*)::int as n, coalesce(max(xmin::text::bigint), 0)::text as v from "${t}"${where}`,
    );
  });
  const rows = await queryRows<{ t: string; n: number; v: string }>(
    ctx.database.db,
    sql.join(parts, sql.raw(' union all ')),
  );
  return rows.map((r) => `${r.t}:${r.n}:${r.v}`).join(' ');
}

/**
 * The suite for one part of the route table (every `parts`-th route from
 * `part`): the parts run as test files of their own, so the run's workers
 * share the thousands of cases instead of one worker taking them all.
 */
export function describeBadInput(part: number, parts: number) {
  // One database: PostgreSQL when the run has it (what production runs), else PGlite. What a door
  // refuses is decided before any query; the one database still proves a refusal writes nothing.
  describe.each([BACKENDS.at(-1)!])(
    `bad input at every door, part ${part + 1} of ${parts} (%s)`,
    (backend) => {
      let ctx: TestContext;
      let f: Fixtures;
      let tables: string[];

      beforeAll(async () => {
        ctx = await createTestApp(backend, {
          TRUST_PROXY: '1',
          MAX_PDF_MB: MAX_UPLOAD_MB,
          MAX_CSV_MB: MAX_UPLOAD_MB,
          // A geocoder that refuses at once: the route answers no suggestions without waiting.
          GEOCODER_URL: 'http://127.0.0.1:9',
        });
        f = await createFixtures(ctx);
        tables = (
          await queryRows<{ name: string }>(
            ctx.database.db,
            sql`select table_name as name from information_schema.tables
            where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'rate_limits'
            order by 1`,
          )
        ).map((r) => r.name);
      }, 120_000);
      afterAll(() => ctx.close());

      it('answers every case below 500, refuses in Spanish, and leaves the data as it was after a refusal', async () => {
        const valid = validRequests(f);
        expect(Object.keys(valid).sort()).toEqual(Object.keys(MATRIX).sort());
        const problems: string[] = [];
        let total = 0;
        // BAD_INPUT_ONLY (a pattern of 'METHOD /url') narrows a run to the routes being worked on.
        const only = process.env.BAD_INPUT_ONLY ? new RegExp(process.env.BAD_INPUT_ONLY) : undefined;
        const routes = ctx.app.routeTable.filter(
          (r, index) => index % parts === part && (!only || only.test(`${r.method} ${r.url}`)),
        );
        for (const route of routes) {
          // The data's fingerprint as the last refusal left it: the next write case starts from it
          // rather than reading it again (a new session or an accepted write makes it unknown).
          let known: string | undefined;
          const key = `${route.method} ${route.url}`;
          const request = valid[key]!;
          const headers =
            request.as === 'own'
              ? await ownSession(ctx, f)
              : request.as === 'ownAfiliado'
                ? await ownAfiliadoSession(ctx, f)
                : f.headers[request.as as keyof Fixtures['headers']];
          for (const c of casesFor(route, request)) {
            total += 1;
            // Reads are not fingerprinted (a GET that wrote would be a bug of another kind, and it halves the run).
            const writes = c.method !== 'GET';
            // Mail queued by an earlier case is sent first, so the worker's bookkeeping is not taken for this case's.
            if (writes) await ctx.app.mail.drain();
            // The sign-in doors' failures on one account add a wait to each answer past the tenth (by design):
            // forgotten before each case, so every case reaches the door's checks at once instead of waiting.
            if (writes) await ctx.database.db.execute(sql`delete from rate_limits where key like 'fail:%'`);
            const before = writes ? (known ?? (await fingerprint(ctx, tables))) : '';
            known = undefined;
            const res: LightMyRequestResponse = await ctx.app.inject({
              method: c.method as 'GET',
              url: c.url,
              headers: { 'x-forwarded-for': randomAddress(), ...headers, ...c.headers },
              ...(c.raw !== undefined
                ? { payload: c.raw }
                : c.payload !== undefined && c.method !== 'GET'
                  ? { payload: c.payload as object }
                  : {}),
            });
            const where = `${key} — ${c.label}: ${res.statusCode}`;
            if (res.statusCode >= 500) problems.push(`${where} ${res.body.slice(0, 160)}`);
            else if (res.statusCode >= 400) {
              const error = safeJson(res.body)?.error;
              if (!isSpanish(error)) problems.push(`${where} not a Spanish error: ${res.body.slice(0, 160)}`);
              if (writes) {
                await ctx.app.mail.drain();
                const after = await fingerprint(ctx, tables);
                if (after !== before) problems.push(`${where} changed the data: ${diff(before, after)}`);
                known = after;
              }
            }
          }
        }
        expect(problems).toEqual([]);
        if (!only) expect(total).toBeGreaterThan(5000 / parts);
        console.info(
          `bad input (${backend}, part ${part + 1} of ${parts}): ${total} cases on ${routes.length} routes`,
        );
      }, 600_000);
    },
  );
}

function safeJson(text: string): { error?: unknown } | undefined {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function diff(before: string, after: string) {
  const a = new Set(before.split(' '));
  return after
    .split(' ')
    .filter((x) => !a.has(x))
    .join(', ');
}

/** A session of its own for routes that end or change the caller's: a staff member signed in for it. */
async function ownSession(ctx: TestContext, f: Fixtures) {
  const user = await createUserWithRoles(ctx.app, f.admin, ['ADMINISTRATIVO'], TEST_PASSWORD);
  return loginAs(ctx.app, user.email, user.password);
}

async function ownAfiliadoSession(ctx: TestContext, f: Fixtures) {
  return afiliadoAuth(ctx.app, (await createAfiliado(ctx.app, f.admin, f.osId)).id);
}

/** What Node's HTTP parser refuses before any route runs, sent over a real socket. */
export function describeParserRefusals() {
  describe('requests the HTTP parser refuses', () => {
    let ctx: TestContext;
    let port: number;

    beforeAll(async () => {
      ctx = await createTestApp('pglite');
      await ctx.app.listen({ host: '127.0.0.1', port: 0 });
      port = (ctx.app.server.address() as AddressInfo).port;
    });
    afterAll(() => ctx.close());

    /** Writes `raw` to a new connection and reads the whole answer. */
    function exchange(raw: string) {
      return new Promise<{ status: number; body: string }>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => socket.end(raw));
        let text = '';
        socket.on('data', (d) => {
          text += d.toString('latin1');
        });
        socket.on('error', reject);
        socket.on('close', () => {
          const [head = '', ...rest] = text.split('\r\n\r\n');
          resolve({
            status: Number(head.split(' ')[1]),
            body: Buffer.from(rest.join('\r\n\r\n'), 'latin1').toString(),
          });
        });
      });
    }

    it.each([
      [
        'a 1 M character query string',
        `GET /api/health?q=${'a'.repeat(1_000_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
        431,
      ],
      [
        'a 100 kB header',
        `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Relleno: ${'a'.repeat(100_000)}\r\n\r\n`,
        431,
      ],
      ['a broken request line', 'GET /api/health HTTP/9\r\n\r\n', 400],
      [
        'a non-numeric length',
        'POST /api/user/login HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n',
        400,
      ],
      [
        'both a length and chunked encoding',
        'POST /api/user/login HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
        400,
      ],
      ['a NUL in a header', 'GET /api/health HTTP/1.1\r\nHost: x\r\nX-Nulo: a\u0000b\r\n\r\n', 400],
    ])('answers %s with %i and a Spanish error', async (_label, raw, status) => {
      const res = await exchange(raw);
      expect(res.status).toBe(status);
      expect(isSpanish(JSON.parse(res.body).error)).toBe(true);
    });
  });
}
