import pg from 'pg';
import { hashPassword } from '../../src/lib/password.ts';
import { codigoValidacionSql as codigoSql } from '../../src/modules/cierre/cierre.factories.ts';

/*
 * A network at the chair's scale, written with SQL: a code table with groups,
 * each insurer's contract, fees and plan with its rules, every affiliate on
 * their insurer's plan, dentists who take every insurer, and months of
 * history of lines across the network.
 */

/** Thirteen codes a chapter, of every treatment area; the fillings, crowns and X-rays also in groups. */
const CODES_SQL = `
  insert into codigos_prestacion (codigo, capitulo, nombre, nombre_busqueda, area, caras_min, caras_max, denticion, unidades)
  select lpad(c::text, 2, '0') || '.' || lpad(n::text, 2, '0'), lpad(c::text, 2, '0'),
    'Prestación ' || c || '.' || n, 'prestacion ' || c || '.' || n,
    (array['boca','pieza','caras','sector','caras'])[1 + n % 5],
    case when n % 5 in (2, 4) then 1 else 0 end, case when n % 5 in (2, 4) then 3 else 0 end,
    'ambas', 100 + n * 10
  from generate_series(1, 10) c cross join generate_series(1, 13) n;
  insert into grupos_codigos (nombre) select 'Grupo ' || g from generate_series(1, 10) g;
  insert into grupos_codigos_items (grupo_id, codigo_id)
  select g.id, c.id from grupos_codigos g join codigos_prestacion c
    on c.capitulo = lpad(substr(g.nombre, 7), 2, '0') and right(c.codigo, 2)::int between 1 and 3;`;

/**
 * Each insurer's contract (from 2024, 60 days to present) with a fee for every
 * code, and one plan of 150 rules: the 130 codes, the ten groups, the ten
 * chapters, with frequencies, guarantees, copays and caps among them.
 */
const PLANS_SQL = `
  insert into convenios (obra_social_id, nombre, vigente_desde, dia_cierre, plazo_presentacion_dias, plazo_refacturacion_dias, valor_unidad)
  select id, 'Convenio ' || nombre, '2024-01-01', 25, 60, 30, 1200000 from obras_sociales;
  insert into aranceles (convenio_id, codigo_id, importe, vigente_desde)
  select cv.id, c.id, 1000000 + c.id * 100, '2024-01-01' from convenios cv cross join codigos_prestacion c;
  insert into planes (obra_social_id, codigo, nombre) select id, 'P' || id, 'Plan de ' || nombre from obras_sociales;
  insert into reglas (plan_id, codigo_id, grupo_id, capitulo, cubre, cobertura_pct, coseguro_importe, frecuencia,
    periodo_dias, ambito, tope_mensual, garantia_meses, vigente_desde)
  select p.id, t.codigo_id, t.grupo_id, t.capitulo, true, 100,
    case when t.n % 4 = 0 then 50000 end,
    case when t.n % 3 = 0 then 2 end, case when t.n % 3 = 0 then 365 end,
    case when t.n % 3 = 0 then (case when t.area in ('caras') then 'pieza+cara' when t.area = 'pieza' then 'pieza' else 'afiliado' end) end,
    case when t.n % 7 = 0 then 8 end, case when t.area = 'caras' then 24 end, '2024-01-01'
  from planes p cross join (
    select row_number() over (order by id) as n, id as codigo_id, null::int as grupo_id, null::text as capitulo, area
      from codigos_prestacion
    union all select 200 + row_number() over (order by id), null, id, null, 'grupo' from grupos_codigos
    union all select 300 + k, null, null, lpad(k::text, 2, '0'), 'capitulo' from generate_series(1, 10) k
  ) t;
  update afiliados a set plan_id = p.id, fecha_alta = '2018-01-01', numero_afiliado = 'N-' || a.documento
    from planes p where p.obra_social_id = a.obra_social_id;`;

export interface ChairSeed {
  dentists: { email: string; password: string }[];
  lines: number;
}

/**
 * The network of `dentists` dentists (all taking every insurer) and `months`
 * months of history, `perMonth` lines a month, over the affiliates already
 * loaded; answers the dentists' credentials.
 */
export async function seedChair(
  url: string,
  options: { dentists: number; months: number; perMonth: number },
): Promise<ChairSeed> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(CODES_SQL);
    await client.query(PLANS_SQL);
    const password = 'Bench-Dentista-2025';
    const hash = await hashPassword(password);
    await client.query(
      `with u as (
         insert into users (email, password_hash, status, email_confirmed_at)
         select 'dentista' || i || '@bench.example.com', $1, 'active', now() from generate_series(1, $2::int) i
         returning id, email),
       r as (insert into user_roles (user_id, role_id) select u.id, (select id from roles where name = 'PRESTADOR') from u),
       p as (
         insert into profesionales (user_id, nombre, email, busqueda)
         select id, 'Dentista ' || split_part(email, '@', 1), email, split_part(email, '@', 1) from u returning id)
       insert into profesional_obras_sociales (profesional_id, obra_social_id)
       select p.id, os.id from p cross join obras_sociales os`,
      [hash, options.dentists],
    );
    const visits = Math.round((options.months * options.perMonth) / 2.4);
    // One visit of 2 or 3 lines per row, spread over the months before today, anywhere in the network.
    await client.query(
      `insert into atenciones (codigo_validacion, afiliado_id, profesional_id, obra_social_id, convenio_id, plan_id, fecha)
       select ${codigoSql('i')}, a.id, (select min(id) from profesionales) + (i::bigint * 7919) % $2,
         a.obra_social_id, cv.id, a.plan_id, current_date - 1 - ((i::bigint * 104729) % ($3::int * 30))::int
       from generate_series(1, $1::int) i
       join afiliados a on a.id = 1 + (i::bigint * 2654435761) % (select max(id) from afiliados)
       join convenios cv on cv.obra_social_id = a.obra_social_id
       where a.plan_id is not null`,
      [visits, options.dentists, options.months],
    );
    await client.query(
      `insert into lineas (atencion_id, afiliado_id, profesional_id, codigo_id, fecha, periodo, pieza, caras, sector,
         importe, coseguro, cargo_os, estado, resultados)
       select at.id, at.afiliado_id, at.profesional_id, c.id, at.fecha, to_char(at.fecha, 'YYYY-MM'),
         case when c.area in ('pieza', 'caras') then (array[11,16,21,26,36,46,31,41,15,25])[1 + (at.id + k) % 10] end,
         case when c.area = 'caras' then (array['O','OM','OD','V','OMD'])[1 + (at.id + k) % 5] else '' end,
         case when c.area = 'sector' then (array['SD','SA','SI','ID','IA','II'])[1 + (at.id + k) % 6] end,
         c.unidades * 10000, 0, c.unidades * 10000, 'aprobada', '[]'::jsonb
       from atenciones at
       cross join lateral generate_series(1, 2 + (at.id % 5 < 2)::int) k
       join codigos_prestacion c on c.id = (select min(id) from codigos_prestacion) + (at.id * 31 + k * 17) % 130`,
    );
    // The load starts from a settled database: no checkpoint of the seed's WAL falls into it.
    await client.query('vacuum analyze');
    await client.query('checkpoint');
    const [{ n }] = (await client.query<{ n: number }>('select count(*)::int as n from lineas')).rows as [
      { n: number },
    ];
    return {
      dentists: Array.from({ length: options.dentists }, (_, i) => ({
        email: `dentista${i + 1}@bench.example.com`,
        password,
      })),
      lines: n,
    };
  } finally {
    await client.end();
  }
}
