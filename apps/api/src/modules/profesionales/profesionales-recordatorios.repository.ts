import type { WeeklySchedule } from '@red-dental/contracts';
import { sql } from 'drizzle-orm';
import { type Db, type DbOrTx, queryRows } from '../../db/client.ts';

/** Advisory lock and stamp of the reminders' pass: one instance at a time, once an hour at most. */
const PASS_LOCK = 720_318_024;
const LAST_PASS_KEY = 'recordatorios.last_run';

/** Claims this hour's pass for this instance (the retention pass's scheme: a lock, then a stamp). */
export async function claimPass(db: Db, intervalSeconds: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [lock] = await queryRows<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${PASS_LOCK}) as locked`,
    );
    if (!lock?.locked) return false;
    const stamped = await queryRows<{ key: string }>(
      tx,
      sql`insert into app_settings (key, value)
          values (${LAST_PASS_KEY}, to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
          on conflict (key) do update set value = excluded.value
          where app_settings.value::timestamptz <= now() - make_interval(secs => ${intervalSeconds})
          returning key`,
    );
    return stamped.length > 0;
  });
}

/** A provider a reminder goes to. */
export interface Recipient {
  id: number;
  nombre: string;
  email: string;
  datosConfirmadosAt: Date | null;
}

/**
 * Approved providers whose data were last confirmed (or, never confirmed,
 * approved) more than `staleDays` ago and who got no reminder in the last
 * `everyDays`, oldest first, at most `limit`.
 */
export async function findDue(
  db: DbOrTx,
  rules: { staleDays: number; everyDays: number; limit: number },
): Promise<Recipient[]> {
  const rows = await queryRows<{
    id: number;
    nombre: string;
    email: string;
    datos_confirmados_at: Date | string | null;
  }>(
    db,
    sql`select p.id, p.nombre, p.email, p.datos_confirmados_at
        from profesionales p join users u on u.id = p.user_id and u.status = 'active'
        left join profesional_recordatorios r on r.profesional_id = p.id
        where coalesce(p.datos_confirmados_at, p.created_at) < now() - make_interval(days => ${rules.staleDays})
          and (r.enviado_at is null or r.enviado_at < now() - make_interval(days => ${rules.everyDays}))
        order by coalesce(p.datos_confirmados_at, p.created_at), p.id
        limit ${rules.limit}`,
  );
  return rows.map((r) => ({
    id: r.id,
    nombre: r.nombre,
    email: r.email,
    datosConfirmadosAt: r.datos_confirmados_at === null ? null : new Date(r.datos_confirmados_at),
  }));
}

/** An approved provider and their last reminder, for a reminder sent by hand. */
export async function findOne(db: DbOrTx, id: number) {
  const [row] = await queryRows<{
    id: number;
    nombre: string;
    email: string;
    active: boolean;
    datos_confirmados_at: Date | string | null;
    enviado_at: Date | string | null;
  }>(
    db,
    sql`select p.id, p.nombre, p.email, u.status = 'active' as active, p.datos_confirmados_at, r.enviado_at
        from profesionales p join users u on u.id = p.user_id
        left join profesional_recordatorios r on r.profesional_id = p.id
        where p.id = ${id}`,
  );
  if (!row) return undefined;
  return {
    id: row.id,
    nombre: row.nombre,
    email: row.email,
    active: row.active,
    datosConfirmadosAt: row.datos_confirmados_at === null ? null : new Date(row.datos_confirmados_at),
    enviadoAt: row.enviado_at === null ? null : new Date(row.enviado_at),
  };
}

/**
 * Records a reminder and its link, unless one went out in the last
 * `everyDays` (another instance, or staff pressing twice): answers whether
 * this one may go.
 */
export async function stamp(
  db: DbOrTx,
  values: { profesionalId: number; tokenHash: string; validDays: number; everyDays: number },
): Promise<boolean> {
  const rows = await queryRows<{ profesional_id: number }>(
    db,
    sql`insert into profesional_recordatorios (profesional_id, enviado_at, token_hash, expira_at)
        values (${values.profesionalId}, now(), ${values.tokenHash}, now() + make_interval(days => ${values.validDays}))
        on conflict (profesional_id) do update
          set enviado_at = now(), token_hash = excluded.token_hash, expira_at = excluded.expira_at
          where profesional_recordatorios.enviado_at < now() - make_interval(days => ${values.everyDays})
        returning profesional_id`,
  );
  return rows.length > 0;
}

/**
 * A link lives while it is not used, not expired, and its account is active:
 * a deactivated account's reminder confirms nothing.
 */
const liveLink = (tokenHash: string) => sql`r.token_hash = ${tokenHash} and r.expira_at > now()
  and exists (select 1 from profesionales p join users u on u.id = p.user_id
              where p.id = r.profesional_id and u.status = 'active')`;

/** The provider a live link belongs to. */
export async function findByToken(db: DbOrTx, tokenHash: string): Promise<number | undefined> {
  const [row] = await queryRows<{ profesional_id: number }>(
    db,
    sql`select r.profesional_id from profesional_recordatorios r where ${liveLink(tokenHash)}`,
  );
  return row?.profesional_id;
}

/**
 * Uses a live link once: the provider it belonged to and its account, or
 * undefined (used, expired, unknown, or of an account no longer active).
 */
export async function consumeToken(
  db: DbOrTx,
  tokenHash: string,
): Promise<{ profesionalId: number; userId: number } | undefined> {
  const [row] = await queryRows<{ profesional_id: number; user_id: number }>(
    db,
    sql`update profesional_recordatorios r set token_hash = null, expira_at = null
        from profesionales p
        where p.id = r.profesional_id and ${liveLink(tokenHash)}
        returning r.profesional_id, p.user_id`,
  );
  return row ? { profesionalId: row.profesional_id, userId: row.user_id } : undefined;
}

/** The listing as affiliates see it, for the reminder's link. */
export async function findListing(db: DbOrTx, id: number) {
  const [row] = await queryRows<{
    nombre: string;
    telefono: string | null;
    direccion: string | null;
    localidad: string | null;
    lat: string | null;
    long: string | null;
    horarios: WeeklySchedule;
    especialidades: string[] | null;
    obras_sociales: string[] | null;
    datos_confirmados_at: Date | string | null;
  }>(
    db,
    sql`select p.nombre, p.telefono, concat_ws(' ', p.direccion, p.depto) as direccion, p.localidad,
          p.lat::text as lat, p.long::text as long, p.horarios,
          (select array_agg(e.nombre order by lower(e.nombre)) from profesional_especialidades pe
             join especialidades e on e.id = pe.especialidad_id where pe.profesional_id = p.id) as especialidades,
          (select array_agg(os.nombre order by lower(os.nombre)) from profesional_obras_sociales po
             join obras_sociales os on os.id = po.obra_social_id where po.profesional_id = p.id) as obras_sociales,
          p.datos_confirmados_at
        from profesionales p where p.id = ${id}`,
  );
  return row;
}
