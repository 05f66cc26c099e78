import {
  type Afiliado,
  type AfiliadoEstado,
  type AfiliadoFicha,
  type AfiliadoInput,
  type AfiliadoUpdate,
  editDocumentTypesFor,
  hasPermission,
  MESSAGES,
  normalizeDocumento,
  REQUIREMENTS,
} from '@red-dental/contracts';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import {
  badRequest,
  conflict,
  isForeignKeyViolation,
  isUniqueViolation,
  notFound,
} from '../../lib/errors.ts';
import { searchKey } from '../../lib/text.ts';
import type { Subject } from '../../plugins/auth.ts';
import { type Actor, recordAudit } from '../auditoria/auditoria.repository.ts';
import * as obrasSociales from '../obras-sociales/obras-sociales.repository.ts';
import * as planes from '../planes/planes.repository.ts';
import * as repo from './afiliados.repository.ts';
import { changeContacto } from './afiliados-portal.service.ts';

type Deps = Pick<FastifyInstance, 'db'>;
/** An edit may change the e-mail, which mails its confirmation link (and counts against the affiliate's mail quota). */
type EditDeps = Pick<FastifyInstance, 'db' | 'config' | 'mail' | 'consumeQuota'>;
type SearchDeps = Pick<FastifyInstance, 'db' | 'consumeQuota' | 'config'>;

/** A dentist's coverage checks: 300 an hour per user, each written to the audit log. */
export const COVERAGE_CHECK_LIMIT = {
  max: 300,
  windowSeconds: 3600,
  message: MESSAGES.afiliados.COVERAGE_CHECK_LIMIT,
};

const MAX_SEARCH_WORDS = 8;

/**
 * Whoever keeps the registry (REQUIREMENTS.AFILIADOS_REGISTRY) searches by
 * document prefix or by name and may filter by insurer; anyone else with
 * AFILIADOS.GET (dentists checking coverage) gets only the exact document,
 * and nothing without a search.
 */
export function filterFor(
  caller: Subject,
  query: { search?: string; obraSocialId?: number; estado?: AfiliadoEstado },
): repo.AfiliadoFilter {
  const raw = query.search?.trim() ?? '';
  const documento = normalizeDocumento(raw);
  if (!hasPermission(caller.permissions, REQUIREMENTS.AFILIADOS_REGISTRY))
    return documento ? { kind: 'documentoExact', documento } : { kind: 'none' };

  const { obraSocialId, estado } = query;
  if (!raw) return { kind: 'all', obraSocialId, estado };
  if (isDocumentLike(raw, documento))
    return { kind: 'documentoPrefix', prefix: documento, obraSocialId, estado };
  const alternatives = nameSearchKeys(raw);
  // Punctuation alone names nobody, as in every name search.
  if (alternatives.length === 0) return { kind: 'none' };
  return { kind: 'nombre', alternatives, obraSocialId, estado };
}

/** A word and what follows it up to the next, as name_prefixes() splits the folded name. */
const NAME_WORD = /([a-z0-9]+)([^a-z0-9]*)/g;

/** Particles of surnames, folded: each reads joined to the next word. The list of name_prefixes() (migration 0033). */
const PARTICLE_WORDS =
  'd da das de degli dei del dela della delle dello der des di do dos du el la las le les lo los mac mc o san santa santo ten ter van von';
const PARTICLES = new Set(PARTICLE_WORDS.split(' '));

/**
 * Whether a word reads joined to the next, the rule of name_prefixes(): a particle ("de la fuente"),
 * or a word written against the next with only marks between them, not a space or a comma alone
 * ("d'alessandro", "perez-garcia", "dell' acqua").
 */
const isJoinedToNext = (word: string, separator: string) => PARTICLES.has(word) || /[^ ,]/.test(separator);

/**
 * The sets of keys a name search tries, any of them enough, so that spaces, apostrophes and hyphens
 * count for nothing as far as the name's index allows:
 * - the words typed, each starting a word of the name or a run of words it joins ("gonz ju",
 *   "dalessandro" for "D' Alessandro", "delafuente" for "De la Fuente");
 * - the words typed joined by the same rule ("ana de la fuente" → ana, delafuente: "Delafuente Ana");
 * - all of them run together ("maria jose" finds "Mariajosé", "perez garcia" "Perezgarcía").
 * Empty when nothing typed is a word.
 */
function nameSearchKeys(raw: string): string[][] {
  const parts = [...searchKey(raw).matchAll(NAME_WORD)].map((m) => ({ word: m[1]!, separator: m[2]! }));
  const joined: string[] = [];
  let run = '';
  parts.forEach(({ word, separator }, i) => {
    run += word;
    if (i === parts.length - 1 || !isJoinedToNext(word, separator)) {
      joined.push(run);
      run = '';
    }
  });
  const words = parts.map((p) => p.word);
  const seen = new Set<string>();
  return [words, joined, [words.join('')]]
    .map((keys) => [...new Set(keys)].slice(0, MAX_SEARCH_WORDS))
    .filter((keys) => {
      const id = [...keys].sort().join(' ');
      if (keys.length === 0 || seen.has(id)) return false;
      seen.add(id);
      return true;
    });
}

/** "30.123.456", "30 123" and "AB123456" are documents; "garcía" and "perez 2" are names. */
function isDocumentLike(raw: string, documento: string): boolean {
  if (/^[0-9]+$/.test(documento)) return true;
  return /[0-9]/.test(documento) && !/\s/.test(raw);
}

/**
 * A coverage check (AFILIADOS.GET without the registry, looking up one document)
 * reads health data: it counts against the caller's hourly quota before the
 * lookup, and its outcome goes to the audit log. A professional is also told
 * whether they accept the affiliate's insurer, so the answer is a verdict.
 * When the portal asks for the birth date (AFFILIATE_LOGIN_BIRTHDATE) the
 * answer leaves it out: whoever knows a document could otherwise learn the
 * portal's second factor (decision 054).
 */
async function checkingCoverage(
  deps: SearchDeps,
  caller: Subject,
  filter: repo.AfiliadoFilter,
  lookup: () => Promise<Afiliado[]>,
): Promise<Afiliado[]> {
  if (filter.kind !== 'documentoExact') return lookup();
  await deps.consumeQuota(deps.db, `coverage:${caller.id}`, COVERAGE_CHECK_LIMIT);
  // A coverage check answers coverage: the affiliate's e-mail and phone stay with the registry.
  const rows = (await lookup()).map(({ email: _email, telefono: _telefono, ...row }) => row);
  await recordAudit(deps.db, caller, {
    action: 'consult',
    entity: 'afiliado',
    entityId: rows[0]?.id ?? null,
    details: { documento: filter.documento, found: rows.length > 0 },
    documento: filter.documento,
    afiliadoIds: rows.map((row) => row.id),
  });
  return Promise.all(
    rows.map(async (row) => {
      const accepts = row.obraSocial
        ? await repo.professionalAccepts(deps.db, caller.id, row.obraSocial.id)
        : undefined;
      return {
        ...row,
        atiendeObraSocial: accepts ?? null,
        ...(deps.config.affiliateLoginBirthdate && { fecha_nacimiento: null }),
      };
    }),
  );
}

/**
 * Staff looking through the registry: which search, and which affiliates it
 * showed, go to the audit log, so the network can tell each affiliate who saw
 * their record.
 */
async function auditSearch(
  deps: SearchDeps,
  caller: Subject,
  query: { search?: string; obraSocialId?: number; estado?: AfiliadoEstado },
  rows: { id: number }[],
) {
  await recordAudit(deps.db, caller, {
    action: 'search',
    entity: 'afiliado',
    details: {
      search: query.search?.trim() || null,
      obraSocialId: query.obraSocialId ?? null,
      ...(query.estado && { estado: query.estado }),
      ids: rows.map((row) => row.id),
    },
    afiliadoIds: rows.map((row) => row.id),
  });
}

export async function findPaginated(
  deps: SearchDeps,
  caller: Subject,
  query: {
    pageIndex: number;
    pageSize: number;
    search?: string;
    obraSocialId?: number;
    estado?: AfiliadoEstado;
  },
) {
  const filter = filterFor(caller, query);
  if (filter.kind === 'documentoExact') {
    // Documents are unique: the lookup finds one affiliate or none.
    const rows = await checkingCoverage(deps, caller, filter, () =>
      repo.findPage(deps.db, filter, { limit: 1, offset: 0 }),
    );
    return { rows: query.pageIndex === 0 ? rows : [], rowCount: rows.length };
  }
  const page = { limit: query.pageSize, offset: query.pageIndex * query.pageSize };
  // Most searches match few rows: page and exact count come back together.
  let result = await repo.findFewMatches(deps.db, filter, page);
  if (!result) {
    const [rows, rowCount] = await Promise.all([
      repo.findPage(deps.db, filter, page),
      repo.estimateMatches(deps.db, filter),
    ]);
    result = { rows, rowCount };
  }
  if (filter.kind !== 'none') await auditSearch(deps, caller, query, result.rows);
  return result;
}

export async function findList(
  deps: SearchDeps,
  caller: Subject,
  query: { limit: number; search?: string; obraSocialId?: number; estado?: AfiliadoEstado },
) {
  const filter = filterFor(caller, query);
  const page = { limit: query.limit, offset: 0 };
  if (filter.kind === 'documentoExact')
    return checkingCoverage(deps, caller, filter, () => repo.findPage(deps.db, filter, page));
  const rows =
    (await repo.findFewMatches(deps.db, filter, page))?.rows ?? (await repo.findPage(deps.db, filter, page));
  if (filter.kind !== 'none') await auditSearch(deps, caller, query, rows);
  return rows;
}

async function findAfiliado(deps: Deps, id: number): Promise<Afiliado> {
  const afiliado = await repo.findById(deps.db, id);
  if (!afiliado) throw notFound(MESSAGES.afiliados.NOT_FOUND);
  return afiliado;
}

/** The record as staff edit it: with its confirmed e-mail, the one waiting for confirmation and the phone. */
async function findFicha(deps: Deps, id: number): Promise<AfiliadoFicha> {
  const row = await repo.findProfile(deps.db, id);
  if (!row) throw notFound(MESSAGES.afiliados.NOT_FOUND);
  return {
    ...repo.toAfiliado(row),
    email: row.email,
    emailPendiente: row.emailPendiente,
    emailPendienteVencido:
      row.emailPendiente !== null &&
      (row.emailTokenExpiresAt === null || row.emailTokenExpiresAt.getTime() <= Date.now()),
    telefono: row.telefono,
  };
}

/** One affiliate's record, opened by staff (its contact data too): the read is audited. */
export async function getAfiliado(deps: Deps, caller: Subject, id: number): Promise<AfiliadoFicha> {
  const afiliado = await findFicha(deps, id);
  await recordAudit(deps.db, caller, {
    action: 'read',
    entity: 'afiliado',
    entityId: id,
    details: { documento: afiliado.documento },
    documento: afiliado.documento,
    afiliadoIds: [id],
  });
  return afiliado;
}

/**
 * The columns a create or an edit sets. Plan, card number and fecha de alta
 * left out keep what `current` has (nothing for a new affiliate); a new
 * insurer drops a plan of the old one.
 */
function valuesOf(
  input: AfiliadoInput | AfiliadoUpdate,
  current?: {
    obraSocial: { id: number } | null;
    plan: { id: number } | null;
    numeroAfiliado: string | null;
    fechaAlta: string | null;
  },
): repo.AfiliadoValues {
  const obraSocialId = input.obraSocial?.id ?? null;
  // The plan, the card's number and the day they joined are the insurer's: another insurer starts them anew.
  const sameInsurer = current?.obraSocial?.id === obraSocialId;
  const keptPlan = sameInsurer ? (current?.plan?.id ?? null) : null;
  return {
    nombre: input.nombre,
    nombreBusqueda: searchKey(input.nombre),
    tipoDocumento: input.tipoDocumento,
    documento: input.documento,
    fechaNacimiento: input.fecha_nacimiento ?? null,
    obraSocialId,
    planId: input.plan === undefined ? keptPlan : (input.plan?.id ?? null),
    numeroAfiliado:
      input.numeroAfiliado === undefined
        ? sameInsurer
          ? (current?.numeroAfiliado ?? null)
          : null
        : input.numeroAfiliado || null,
    fechaAlta:
      input.fechaAlta === undefined
        ? sameInsurer
          ? (current?.fechaAlta ?? null)
          : null
        : input.fechaAlta || null,
  };
}

/**
 * The plan, when there is one, is one of the affiliate's insurer's; answers
 * it as the audit log names it ('Plan 210 (210)'), or null for none.
 */
async function assertPlan(db: DbOrTx, values: repo.AfiliadoValues): Promise<string | null> {
  if (values.planId === null) return null;
  const plan = await planes.findById(db, values.planId);
  const message = !plan
    ? MESSAGES.afiliados.PLAN_UNKNOWN
    : plan.obraSocial.id !== values.obraSocialId
      ? MESSAGES.afiliados.PLAN_OTHER_OBRA_SOCIAL
      : undefined;
  if (message) throw badRequest(message, { 'plan.id': message });
  return `${plan!.nombre} (${plan!.codigo})`;
}

async function assertObraSocial(db: DbOrTx, id: number | null) {
  if (id !== null && !(await obrasSociales.exists(db, id)))
    throw badRequest(MESSAGES.afiliados.OBRA_SOCIAL_UNKNOWN, {
      'obraSocial.id': MESSAGES.afiliados.OBRA_SOCIAL_UNKNOWN,
    });
}

function rethrowDuplicate(error: unknown): never {
  if (isUniqueViolation(error, 'afiliados_documento_key')) throw conflict(MESSAGES.afiliados.DUPLICATE);
  // A plan deleted between the check and the write.
  if (isForeignKeyViolation(error, 'afiliados_plan_fk'))
    throw badRequest(MESSAGES.afiliados.PLAN_UNKNOWN, { 'plan.id': MESSAGES.afiliados.PLAN_UNKNOWN });
  throw error;
}

export async function createAfiliado(deps: Deps, actor: Actor, input: AfiliadoInput) {
  const values = valuesOf(input);
  const id = await deps.db
    .transaction(async (tx) => {
      await assertObraSocial(tx, values.obraSocialId);
      const plan = await assertPlan(tx, values);
      const id = await repo.insert(tx, values);
      await recordAudit(tx, actor, {
        action: 'create',
        entity: 'afiliado',
        entityId: id,
        details: {
          documento: values.documento,
          obraSocialId: values.obraSocialId,
          ...(plan && { plan }),
          ...(values.numeroAfiliado && { numeroAfiliado: values.numeroAfiliado }),
          ...(values.fechaAlta && { fechaAlta: values.fechaAlta }),
        },
        documento: values.documento,
        afiliadoIds: [id],
      });
      return id;
    })
    .catch(rethrowDuplicate);
  return findAfiliado(deps, id);
}

/**
 * The edit offers DNI and Pasaporte, and the record's own type when it is
 * another (LE, LC, CI); the API holds to the same, so no record is moved onto
 * a type the spec's edit does not have.
 */
function assertTipoEditable(current: string, wanted: string) {
  const tipos = editDocumentTypesFor(current);
  if (!tipos.some((t) => t === wanted)) {
    const message = MESSAGES.afiliados.TIPO_NOT_EDITABLE(tipos);
    throw badRequest(message, { tipoDocumento: message });
  }
}

/**
 * Staff edit a record, e-mail and phone included, under the portal's rule
 * (`changeContacto`): a new address stays pending until its owner opens the
 * link mailed to it, and the confirmed one, if any, is told of the change.
 * The audit entry says what became of the e-mail and whether the phone changed.
 */
export async function updateAfiliado(deps: EditDeps, actor: Actor, id: number, input: AfiliadoUpdate) {
  const mailed = await deps.db
    .transaction(async (tx) => {
      const current = await repo.findProfile(tx, id);
      if (!current) throw notFound(MESSAGES.afiliados.NOT_FOUND);
      const values = valuesOf(input, repo.toAfiliado(current));
      assertTipoEditable(current.tipoDocumento, values.tipoDocumento);
      await assertObraSocial(tx, values.obraSocialId);
      const plan = await assertPlan(tx, values);
      await repo.update(tx, id, values);
      const contacto = await changeContacto(deps, tx, current, {
        email: input.email,
        telefono: input.telefono,
      });
      if (Object.keys(contacto.values).length > 0) await repo.updateProfile(tx, id, contacto.values);
      const telefonoChanged =
        contacto.values.telefono !== undefined && contacto.values.telefono !== current.telefono;
      await recordAudit(tx, actor, {
        action: 'update',
        entity: 'afiliado',
        entityId: id,
        details: {
          documento: values.documento,
          obraSocialId: values.obraSocialId,
          ...(values.planId !== current.planId && { plan: plan ?? MESSAGES.afiliados.SIN_PLAN }),
          ...(values.numeroAfiliado !== current.numeroAfiliado && { numeroAfiliado: values.numeroAfiliado }),
          ...(values.fechaAlta !== current.fechaAlta && { fechaAlta: values.fechaAlta }),
          ...(contacto.email && { email: contacto.email }),
          ...(contacto.email === 'pendiente' && { emailPendiente: input.email }),
          ...(telefonoChanged && { telefono: 'cambiado' }),
        },
        documento: values.documento,
        afiliadoIds: [id],
      });
      return contacto.mailed;
    })
    .catch(rethrowDuplicate);
  if (mailed) deps.mail.wake();
  return findFicha(deps, id);
}

/**
 * `DELETE /afiliados/{id}` gives the affiliate de baja rather than erasing
 * them (decision 075): the portal refuses them from then on, a coverage check
 * shows them as not covered, and the record, its notifications and its audit
 * trail stay, so reactivation brings everything back.
 */
export async function deactivateAfiliado(deps: Deps, actor: Actor, id: number) {
  await setBaja(deps, actor, id, true);
}

export async function reactivateAfiliado(deps: Deps, actor: Actor, id: number) {
  await setBaja(deps, actor, id, false);
  return findAfiliado(deps, id);
}

async function setBaja(deps: Deps, actor: Actor, id: number, baja: boolean) {
  await deps.db.transaction(async (tx) => {
    const row = await repo.setBaja(tx, id, baja);
    if (!row) throw notFound(MESSAGES.afiliados.NOT_FOUND);
    if (!row.changed)
      throw conflict(baja ? MESSAGES.afiliados.ALREADY_INACTIVE : MESSAGES.afiliados.ALREADY_ACTIVE);
    await recordAudit(tx, actor, {
      action: baja ? 'deactivate' : 'reactivate',
      entity: 'afiliado',
      entityId: id,
      details: { documento: row.documento, nombre: row.nombre },
      documento: row.documento,
      afiliadoIds: [id],
    });
  });
}
