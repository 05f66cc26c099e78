import pg from 'pg';

/*
 * The audit log the auditoria benchmark reads: `rows` entries over two years,
 * generated inside PostgreSQL by `insert ... select from generate_series`, in
 * chunks of a million, with the table's indexes dropped during the load and
 * built again after it.
 */

/** How far back the generated log goes. */
export const AUDIT_DAYS = 730;
/** Accounts that act: the first PROFESIONALES are dentists (who check coverage), the rest staff. */
const ACTORS = 300;
const PROFESIONALES = 240;
/** Documents the rows are about: 20000000 + d for d in [0, DOCUMENTS); affiliate d's record is d + 1. */
const DOCUMENTS = 1_000_000;
const DOC_BASE = 20_000_000;
const CHUNK = 1_000_000;

const NOMBRES = ['María', 'Juan', 'Lucía', 'Carlos', 'Sofía', 'Martín', 'Ana', 'Diego', 'Laura', 'Pablo'];
const APELLIDOS = [
  'González',
  'Rodríguez',
  'Gómez',
  'Fernández',
  'López',
  'Díaz',
  'Martínez',
  'Pérez',
  'Romero',
  'Sosa',
  'Álvarez',
  'Torres',
  'Ruiz',
  'Ramírez',
  'Flores',
  'Acosta',
  'Benítez',
  'Medina',
  'Herrera',
  'Suárez',
  'Aguirre',
  'Giménez',
  'Gutiérrez',
  'Pereyra',
  'Rojas',
  'Molina',
  'Castro',
  'Ortiz',
  'Silva',
  'Núñez',
];

export interface AuditActor {
  id: number;
  email: string;
  /** Shared by about ten actors: a filter by it matches several accounts. */
  apellido: string;
  staff: boolean;
}

export interface AuditLog {
  /** The newest row's time: the generated log ends at the load. */
  end: Date;
  /** Busiest first within each kind (the generator favours low numbers). */
  actors: AuditActor[];
  /** 200 documents the log mentions; the first 100 have an affiliate record, the rest do not. */
  documentos: { documento: string; afiliado: boolean }[];
}

/** The documents the bench filters by: 200 distinct ones spread over the range. */
const sampleDocs = () => Array.from({ length: 200 }, (_, j) => (j * 102_947 + 12_345) % DOCUMENTS);

/**
 * One chunk of the log, rows $1..$2 of $3, ending at $4. Weighted like real use: coverage checks
 * (55 %) by dentists, searches (25 %), record reads (12 %), updates and creations, and rare
 * approvals, imports, deletions and exports by staff, the busiest accounts doing most. Checks,
 * reads and affiliate creations and updates carry the document and the record; searches carry
 * 1–5 records they showed. Each actor works from an address of their own.
 */
const INSERT_CHUNK = `
insert into audit_log (actor_user_id, actor_label, actor_nombre, actor_rol, action, entity, entity_id, details,
  documento, afiliado_ids, address, created_at)
select a.id, a.email, a.nombre, a.rol, x.action, e.entity,
  case when s.about then (s.doc + 1)::text when e.entity <> 'afiliado' then (1 + s.doc % 5000)::text end,
  case x.action
    when 'consult' then jsonb_build_object('found', r.r5 < 0.95)
    when 'search' then jsonb_build_object('search', left((${DOC_BASE} + s.doc)::text, 5), 'resultados', s.hits)
    when 'update' then '{"campos": ["telefono", "email"]}'::jsonb
    when 'export' then '{"filas": 1200}'::jsonb
  end,
  case when s.about then (${DOC_BASE} + s.doc)::text end,
  case when s.about then array[s.doc + 1]
    when x.action = 'search' then (array[s.doc + 1, (s.doc::bigint * 7919 + 104729) % ${DOCUMENTS} + 1,
      (s.doc::bigint * 15485863 + 1) % ${DOCUMENTS} + 1, (s.doc::bigint * 32452843 + 7) % ${DOCUMENTS} + 1,
      (s.doc::bigint * 49979687 + 3) % ${DOCUMENTS} + 1]::int[])[1:s.hits]
  end,
  a.address,
  $4::timestamptz - interval '${AUDIT_DAYS} days' * (1 - (r.i - 1 + r.r6) / $3::float8)
from (
  -- random() in the subquery's output keeps it from being flattened: each value is drawn once a row.
  select i, random() as r1, random() as r2, random() as r3, random() as r4, random() as r5, random() as r6,
    random() as r7
  from generate_series($1::bigint, $2::bigint) i
) r
cross join lateral (select case
  when r.r1 < 0.55 then 'consult' when r.r1 < 0.80 then 'search' when r.r1 < 0.92 then 'read'
  when r.r1 < 0.965 then 'update' when r.r1 < 0.985 then 'create' when r.r1 < 0.991 then 'approve'
  when r.r1 < 0.994 then 'reject' when r.r1 < 0.995 then 'import' when r.r1 < 0.998 then 'delete'
  else 'export' end as action) x
cross join lateral (select case
  when x.action in ('consult', 'search', 'read', 'import') then 'afiliado'
  when x.action in ('create', 'update') and r.r2 < 0.8 then 'afiliado'
  when x.action in ('approve', 'reject') then 'profesional'
  when x.action = 'export' then case when r.r2 < 0.5 then 'auditoria' else 'afiliado' end
  else (array['profesional', 'user', 'obra_social', 'notificacion', 'especialidad', 'zona', 'rol'])[1 + floor(r.r7 * 7)::int]
  end as entity) e
cross join lateral (select
  x.action in ('consult', 'read', 'create', 'update') and e.entity = 'afiliado' as about,
  floor(r.r4 * ${DOCUMENTS})::int as doc,
  1 + floor(r.r5 * 5)::int as hits,
  case when x.action = 'consult' then floor(${PROFESIONALES} * r.r3 ^ 1.5)::int
    else ${PROFESIONALES} + floor(${ACTORS - PROFESIONALES} * r.r3 ^ 1.5)::int end as k) s
join bench_actors a on a.k = s.k`;

/** The actors and documents of a log `loadAuditLog` made, read back (also from a kept database). */
export async function describeAuditLog(client: pg.Client): Promise<AuditLog> {
  const { rows } = await client.query<{ id: number; email: string; nombre: string; k: number }>(
    `select id, email, nombre, substring(email from 'actor(\\d+)@')::int as k from users
      where email like 'actor%@bench.reddental.com.ar' order by k`,
  );
  const { rows: last } = await client.query<{ end: Date }>('select max(created_at) as end from audit_log');
  return {
    end: last[0]!.end,
    actors: rows.map((r) => ({
      id: r.id,
      email: r.email,
      apellido: r.nombre.split(' ')[1]!,
      staff: r.k >= PROFESIONALES,
    })),
    documentos: sampleDocs().map((d, j) => ({ documento: String(DOC_BASE + d), afiliado: j < 100 })),
  };
}

/** Loads the log into a migrated database and answers what it holds and how long each step took. */
export async function loadAuditLog(url: string, rows: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const t0 = performance.now();
  await client.query(
    `insert into users (email, nombre, password_hash, status)
     select 'actor' || k || '@bench.reddental.com.ar',
       ($1::text[])[1 + k % array_length($1::text[], 1)] || ' ' || ($2::text[])[1 + k % array_length($2::text[], 1)],
       'not-a-hash', 'active'
     from generate_series(0, ${ACTORS - 1}) k`,
    [NOMBRES, APELLIDOS],
  );
  // As recordAudit copies them: the e-mail, the name, 'Profesional' or the staff member's roles.
  await client.query(
    `create temp table bench_actors as
     select k, id, email, nombre,
       case when k < ${PROFESIONALES} then 'Profesional' when k % 10 = 0 then 'ADMINISTRADOR' else 'ADMINISTRATIVO' end as rol,
       '190.210.' || (k % 250) || '.' || (k * 7 % 250 + 1) as address
     from (select substring(email from 'actor(\\d+)@')::int as k, id, email, nombre from users
           where email like 'actor%@bench.reddental.com.ar') u`,
  );
  // The affiliates of the first 100 sample documents, with the record ids the log uses for them, so
  // a filter by those documents resolves to a record (and matches by afiliado_ids too).
  await client.query(
    `insert into afiliados (id, nombre, nombre_busqueda, tipo_documento, documento)
     select d + 1, 'Afiliado ' || d, 'afiliado ' || d, 'DNI', (${DOC_BASE} + d)::text from unnest($1::int[]) d`,
    [sampleDocs().slice(0, 100)],
  );
  await client.query(
    `select setval(pg_get_serial_sequence('afiliados', 'id'), (select max(id) from afiliados))`,
  );

  // Secondary indexes off during the load (one sorted build each is far cheaper than ten million
  // random inserts into six trees); their definitions are read from the catalogue, so they come back
  // exactly as the migrations made them.
  const { rows: indexes } = await client.query<{ name: string; def: string }>(
    `select indexname as name, indexdef as def from pg_indexes
      where tablename = 'audit_log' and indexname <> 'audit_log_pkey'`,
  );
  for (const { name } of indexes) await client.query(`drop index ${name}`);
  const end = new Date();
  for (let from = 1; from <= rows; from += CHUNK)
    await client.query(INSERT_CHUNK, [from, Math.min(rows, from + CHUNK - 1), rows, end]);
  const t1 = performance.now();
  await client.query(`set maintenance_work_mem = '1GB'`);
  for (const { def } of indexes) await client.query(def);
  const t2 = performance.now();
  // VACUUM also sets the visibility map, which index-only scans (the capped count) rely on.
  await client.query('vacuum analyze audit_log');
  await client.query('analyze afiliados');
  await client.query('analyze users');
  // Write the loaded pages out now rather than during the measurements (needs pg_checkpoint or superuser).
  await client.query('checkpoint').catch(() => {});
  const t3 = performance.now();
  const { rows: size } = await client.query<{ table: string; indexes: string }>(
    `select pg_size_pretty(pg_table_size('audit_log')) as table, pg_size_pretty(pg_indexes_size('audit_log')) as indexes`,
  );
  const log = await describeAuditLog(client);
  await client.end();
  return {
    log,
    text: `insert ${((t1 - t0) / 1000).toFixed(0)} s, ${indexes.length} indexes ${((t2 - t1) / 1000).toFixed(0)} s, vacuum analyze ${((t3 - t2) / 1000).toFixed(0)} s; table ${size[0]!.table}, indexes ${size[0]!.indexes}`,
    seconds: (t3 - t0) / 1000,
  };
}
