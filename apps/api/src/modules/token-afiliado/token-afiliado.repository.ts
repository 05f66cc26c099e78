import type { TokenFin, TokenVia } from '@red-dental/contracts';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';

/** The affiliate's active device, with its sealed secret. */
export interface DispositivoRow {
  id: number;
  afiliado_id: number;
  secreto: string;
  secreto_lectura: string;
  paso_segundos: number;
  via: TokenVia;
  etiqueta: string;
  ultimo_paso: number | null;
  ultimo_uso_at: string | null;
  created_at: string;
}

const DISPOSITIVO = sql`select id, afiliado_id, secreto, secreto_lectura, paso_segundos, via, etiqueta, ultimo_paso::float8 as ultimo_paso,
    ultimo_uso_at::text, created_at::text from token_dispositivos`;

/** The device showing the affiliate's token now, if any. */
export async function findActivo(db: DbOrTx, afiliadoId: number): Promise<DispositivoRow | undefined> {
  const [row] = await queryRows<DispositivoRow>(
    db,
    sql`${DISPOSITIVO} where afiliado_id = ${afiliadoId} and fin_at is null`,
  );
  return row;
}

/** One device by id, active, of whichever affiliate. */
export async function findActivoPorId(db: DbOrTx, id: number): Promise<DispositivoRow | undefined> {
  const [row] = await queryRows<DispositivoRow>(db, sql`${DISPOSITIVO} where id = ${id} and fin_at is null`);
  return row;
}

/** Ends the affiliate's active device (if any) and says which it was. */
export async function endActivo(
  db: DbOrTx,
  afiliadoId: number,
  fin: TokenFin,
  finBy: number | null,
): Promise<{ id: number; etiqueta: string } | undefined> {
  const [row] = await queryRows<{ id: number; etiqueta: string }>(
    db,
    sql`update token_dispositivos set fin_at = now(), fin = ${fin}, fin_by = ${finBy}
        where afiliado_id = ${afiliadoId} and fin_at is null returning id, etiqueta`,
  );
  return row;
}

/** Ends one device by id, if still active. */
export async function endPorId(db: DbOrTx, id: number, fin: TokenFin): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`update token_dispositivos set fin_at = now(), fin = ${fin} where id = ${id} and fin_at is null returning id`,
  );
  return rows.length > 0;
}

export async function insertDispositivo(
  db: DbOrTx,
  d: {
    afiliadoId: number;
    secreto: string;
    secretoLectura: string;
    pasoSegundos: number;
    via: TokenVia;
    etiqueta: string;
  },
): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into token_dispositivos (afiliado_id, secreto, secreto_lectura, paso_segundos, via, etiqueta)
        values (${d.afiliadoId}, ${d.secreto}, ${d.secretoLectura}, ${d.pasoSegundos}, ${d.via}, ${d.etiqueta})
        returning id`,
  );
  return row!.id;
}

/**
 * Spends the time step a validation accepted: only if the device is still
 * active and the step is later than the last one spent, in one statement, so
 * two validations racing with one code cannot both pass.
 */
export async function spendStep(db: DbOrTx, id: number, step: number): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`update token_dispositivos set ultimo_paso = ${step}, ultimo_uso_at = now()
        where id = ${id} and fin_at is null and (ultimo_paso is null or ultimo_paso < ${step}) returning id`,
  );
  return rows.length > 0;
}

export async function insertActivacion(
  db: DbOrTx,
  a: { afiliadoId: number; via: TokenVia; hash: string; hours: number; createdBy: number | null },
): Promise<string> {
  const [row] = await queryRows<{ expires_at: string }>(
    db,
    sql`insert into token_activaciones (afiliado_id, via, hash, expires_at, created_by)
        values (${a.afiliadoId}, ${a.via}, ${a.hash}, now() + make_interval(hours => ${a.hours}), ${a.createdBy})
        returning expires_at::text`,
  );
  return row!.expires_at;
}

/** Spends the printed codes of the affiliate not used yet: a new one replaces them. */
export async function spendCodigosPendientes(db: DbOrTx, afiliadoId: number) {
  await queryRows(
    db,
    sql`update token_activaciones set used_at = now()
        where afiliado_id = ${afiliadoId} and via = 'codigo' and used_at is null`,
  );
}

/** Spends an activation of the affiliate by its hash, once and before it expires; its way, if it was good. */
export async function spendActivacion(
  db: DbOrTx,
  afiliadoId: number,
  hash: string,
): Promise<TokenVia | undefined> {
  const [row] = await queryRows<{ via: TokenVia }>(
    db,
    sql`update token_activaciones set used_at = now()
        where hash = ${hash} and afiliado_id = ${afiliadoId} and used_at is null and expires_at > now()
        returning via`,
  );
  return row?.via;
}

/** The expiry of a printed code not used yet. */
export async function findCodigoPendiente(db: DbOrTx, afiliadoId: number): Promise<string | undefined> {
  const [row] = await queryRows<{ expires_at: string }>(
    db,
    sql`select max(expires_at)::text as expires_at from token_activaciones
        where afiliado_id = ${afiliadoId} and via = 'codigo' and used_at is null and expires_at > now()`,
  );
  return row?.expires_at ?? undefined;
}

/**
 * Who the affiliate is, and their e-mail with when its owner proved it; with `lock`, their row is
 * held for the transaction (one enrolment at a time per affiliate).
 */
export async function findAfiliado(db: DbOrTx, afiliadoId: number, lock = false) {
  const [row] = await queryRows<{
    id: number;
    nombre: string;
    tipo_documento: string;
    documento: string;
    email: string | null;
    email_confirmado_at: string | null;
    baja: boolean;
  }>(
    db,
    sql`select id, nombre, tipo_documento, documento, email, email_confirmado_at::text, baja_at is not null as baja
        from afiliados where id = ${afiliadoId}${lock ? sql` for no key update` : sql``}`,
  );
  return row;
}

/** Every phone that has shown the affiliate's token, for their download (never a secret). */
export async function findDispositivos(db: DbOrTx, afiliadoId: number) {
  return queryRows<{
    etiqueta: string;
    via: TokenVia;
    created_at: string;
    ultimo_uso_at: string | null;
    fin_at: string | null;
    fin: TokenFin | null;
  }>(
    db,
    sql`select etiqueta, via, created_at::text, ultimo_uso_at::text, fin_at::text, fin
        from token_dispositivos where afiliado_id = ${afiliadoId} order by created_at, id`,
  );
}
