import { type AccesoRow, type AfiliadoDatos, MESSAGES } from '@red-dental/contracts';
import type { FastifyInstance } from 'fastify';
import { unauthorized } from '../../lib/errors.ts';
import { initials, maskEmail, maskNumero, maskPhone } from '../../lib/text.ts';
import { provesPhone } from '../../lib/token-afiliado.ts';
import type { AfiliadoSubject } from '../../plugins/auth.ts';
import * as repo from '../afiliados/afiliados.repository.ts';
import { recordAfiliadoAudit } from '../auditoria/auditoria.repository.ts';
import { findAccesos } from '../auditoria/auditoria-query.repository.ts';
import * as prestacionesRepo from '../prestaciones/prestaciones-afiliado.repository.ts';
import * as tokenRepo from '../token-afiliado/token-afiliado.repository.ts';
import * as datosRepo from './mis-datos-afiliado.repository.ts';

/*
 * The affiliate's rights of access (Ley 25.326, art. 14): who looked up their
 * data, and everything the network holds about them in one download.
 */

type Deps = Pick<FastifyInstance, 'db' | 'consumeQuota'>;
type ExportDeps = Deps & Pick<FastifyInstance, 'secretBox' | 'spendFailure'>;

/** Downloads of one's own data per affiliate and hour. */
const DATOS_LIMIT = { max: 10, windowSeconds: 3600 };

/**
 * Anyone who knows a document can open a session with it alone (the product's
 * rule): such a session sees who looked up the data by initials, as it sees
 * contact data in part, since which dentists checked someone's coverage is
 * health data (decision 060).
 */
function shown(
  rows: (Omit<AccesoRow, 'nombre'> & { nombre: string | null })[],
  afiliado: AfiliadoSubject,
): AccesoRow[] {
  return rows.map((row) => ({
    ...row,
    nombre:
      row.nombre === null
        ? 'Personal de la red (sin nombre registrado)'
        : afiliado.birthdateProven
          ? row.nombre
          : initials(row.nombre),
  }));
}

async function findSelf(deps: Pick<Deps, 'db'>, afiliado: AfiliadoSubject) {
  const row = await repo.findProfile(deps.db, afiliado.id);
  if (!row) throw unauthorized(MESSAGES.SESSION_EXPIRED);
  return row;
}

/** Coverage checks and staff accesses to the affiliate's record in the last 12 months, newest first. */
export async function listAccesos(
  deps: Pick<Deps, 'db'>,
  afiliado: AfiliadoSubject,
  page: { pageIndex: number; pageSize: number },
) {
  const self = await findSelf(deps, afiliado);
  const result = await findAccesos(
    deps.db,
    { id: afiliado.id, documento: self.documento },
    { limit: page.pageSize, offset: page.pageIndex * page.pageSize, months: 12 },
  );
  return { rows: shown(result.rows, afiliado), rowCount: result.rowCount };
}

/**
 * Everything held about the affiliate: profile, insurer, notifications received, the whole access
 * log, the phones of their token, and (asked from the phone enrolled for it, `codigo` its current
 * code) every line recorded on them.
 */
export async function exportDatos(
  deps: ExportDeps,
  afiliado: AfiliadoSubject,
  address: string,
  codigo?: string,
): Promise<AfiliadoDatos> {
  await deps.consumeQuota(deps.db, `datos:afiliado:${afiliado.id}`, DATOS_LIMIT);
  const self = await findSelf(deps, afiliado);
  const datos = await datosRepo.findDatos(deps.db, afiliado.id);
  if (!datos) throw unauthorized(MESSAGES.SESSION_EXPIRED);
  const accesos = await findAccesos(
    deps.db,
    { id: afiliado.id, documento: self.documento },
    { limit: 10_000, offset: 0 },
  );
  const partial = !afiliado.birthdateProven;
  const telefonos = await tokenRepo.findDispositivos(deps.db, afiliado.id);
  // A wrong code asks for nothing more here: the download goes without the lines, and the guess counts.
  const telefono =
    (await provesPhone(deps, afiliado.id, await tokenRepo.findActivo(deps.db, afiliado.id), {
      codigo,
      address,
    })) === 'ok';
  const a = datos.afiliado;
  const contact = <T extends string | null>(value: T, mask: (v: string) => string) =>
    partial && value !== null ? mask(value) : value;
  await recordAfiliadoAudit(
    deps.db,
    { id: afiliado.id, nombre: a.nombre, documento: a.documento, address },
    { action: 'export', entity: 'datos_personales', details: { parcial: partial } },
  );
  return {
    generadoEl: new Date().toISOString(),
    datosParciales: partial,
    afiliado: {
      nombre: a.nombre,
      tipoDocumento: a.tipo_documento,
      documento: a.documento,
      fechaNacimiento: a.fecha_nacimiento,
      plan: a.plan_codigo === null ? null : { codigo: a.plan_codigo, nombre: a.plan_nombre ?? '' },
      numeroAfiliado: contact(a.numero_afiliado, maskNumero),
      fechaAlta: a.fecha_alta,
      email: contact(a.email, maskEmail),
      emailPendiente: contact(a.email_pendiente, maskEmail),
      telefono: contact(a.telefono, maskPhone),
      alta: new Date(a.created_at).toISOString(),
      ultimaModificacion: new Date(a.updated_at).toISOString(),
    },
    obraSocial: a.obra_social
      ? { nombre: a.obra_social, telefonos: a.obra_social_telefonos ?? [], mails: a.obra_social_mails ?? [] }
      : null,
    notificaciones: datos.notificaciones.map((n) => ({
      titulo: n.title,
      categoria: n.category,
      archivo: n.file_name,
      enviada: new Date(n.created_at).toISOString(),
      leida: n.read_at ? new Date(n.read_at).toISOString() : null,
    })),
    accesos: shown(accesos.rows, afiliado),
    prestaciones: telefono ? await prestacionesRepo.findLineasAfiliado(deps.db, afiliado.id) : null,
    respuestas: telefono ? await prestacionesRepo.findRespuestas(deps.db, afiliado.id) : null,
    telefonosToken: telefonos.map((d) => ({
      dispositivo: d.etiqueta,
      via: d.via,
      desde: new Date(d.created_at).toISOString(),
      ultimoUso: d.ultimo_uso_at && new Date(d.ultimo_uso_at).toISOString(),
      hasta: d.fin_at && new Date(d.fin_at).toISOString(),
      fin: d.fin,
    })),
  };
}
