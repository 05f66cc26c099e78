import { DIAS_NOTIFICACIONES, DIAS_SIN_CONFIRMAR, type Tablero } from '@red-dental/contracts';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';

// Each figure is one statement over kept counts or small tables: the affiliates are counted by
// statement triggers (afiliados_por_obra_social), never row by row.

export async function afiliadosPorObraSocial(db: DbOrTx): Promise<Tablero['afiliados']['porObraSocial']> {
  const rows = await queryRows<{ obra_social_id: number | null; nombre: string | null; afiliados: number }>(
    db,
    sql`select nullif(c.obra_social_id, 0) as obra_social_id, os.nombre, c.afiliados
        from afiliados_por_obra_social c left join obras_sociales os on os.id = c.obra_social_id
        where c.afiliados > 0 and (c.obra_social_id = 0 or os.id is not null)
        order by c.afiliados desc, os.nombre`,
  );
  return rows.map((r) => ({
    obraSocialId: r.obra_social_id,
    nombre: r.obra_social_id === null ? 'Sin obra social' : (r.nombre ?? ''),
    afiliados: Number(r.afiliados),
  }));
}

export async function profesionales(db: DbOrTx): Promise<Tablero['profesionales']> {
  const [row] = await queryRows<{ active: number; pending: number; inactive: number; sin_confirmar: number }>(
    db,
    sql`select
          count(*) filter (where u.status = 'active')::int as active,
          count(*) filter (where u.status = 'pending')::int as pending,
          count(*) filter (where u.status = 'inactive')::int as inactive,
          count(*) filter (where u.status = 'active' and coalesce(p.datos_confirmados_at, p.created_at)
            < now() - make_interval(days => ${DIAS_SIN_CONFIRMAR}))::int as sin_confirmar
        from profesionales p join users u on u.id = p.user_id`,
  );
  return {
    porEstado: [
      { estado: 'active', cantidad: row?.active ?? 0 },
      { estado: 'pending', cantidad: row?.pending ?? 0 },
      { estado: 'inactive', cantidad: row?.inactive ?? 0 },
    ],
    solicitudesPendientes: row?.pending ?? 0,
    sinConfirmar: row?.sin_confirmar ?? 0,
  };
}

/** Professionals' sign-up requests waiting for staff (the rows of the 'Solicitudes' list). */
export async function solicitudesPendientes(db: DbOrTx): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from users u join profesionales p on p.user_id = u.id where u.status = 'pending'`,
  );
  return row?.n ?? 0;
}

export async function reportesAbiertos(db: DbOrTx): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from profesional_reportes where cerrado_at is null`,
  );
  return row?.n ?? 0;
}

/** Notifications staff sent in the last 90 days: their kept recipient and read counts, summed, and the last ten. */
export async function notificaciones(db: DbOrTx): Promise<Tablero['notificaciones']> {
  const since = sql`created_at > now() - make_interval(days => ${DIAS_NOTIFICACIONES}) and not automatica`;
  const [[totals], last] = await Promise.all([
    queryRows<{ enviadas: number; destinatarios: number | string; leidas: number | string }>(
      db,
      sql`select count(*)::int as enviadas, coalesce(sum(recipient_count), 0) as destinatarios,
            coalesce(sum(read_count), 0) as leidas
          from notificaciones where ${since}`,
    ),
    queryRows<{
      id: number;
      title: string;
      created_at: Date | string;
      destinatario: string;
      recipient_count: number;
      read_count: number;
    }>(
      db,
      sql`select id, title, created_at, recipient_type as destinatario, recipient_count, read_count
          from notificaciones where ${since} order by created_at desc, id desc limit 10`,
    ),
  ]);
  return {
    enviadas: totals?.enviadas ?? 0,
    destinatarios: Number(totals?.destinatarios ?? 0),
    leidas: Number(totals?.leidas ?? 0),
    ultimas: last.map((n) => ({
      id: n.id,
      title: n.title,
      createdAt: new Date(n.created_at).toISOString(),
      destinatario: n.destinatario,
      recipientCount: n.recipient_count,
      readCount: n.read_count,
    })),
  };
}

/**
 * Approved providers per locality, at the middle of their offices, with the
 * insurers they accept between them and those insurers' affiliates (kept
 * counts): where the network is thin for how many it serves.
 */
export async function localidades(db: DbOrTx): Promise<Tablero['localidades']> {
  const rows = await queryRows<{
    localidad: string;
    lat: string | null;
    long: string | null;
    profesionales: number;
    obras_sociales: number;
    afiliados: number | string;
  }>(
    db,
    sql`with activos as (
          select p.id, trim(p.localidad) as localidad, p.lat, p.long
          from profesionales p join users u on u.id = p.user_id and u.status = 'active'
          where coalesce(trim(p.localidad), '') <> ''
        ), cubiertas as (
          select distinct a.localidad, po.obra_social_id
          from activos a join profesional_obras_sociales po on po.profesional_id = a.id
        )
        select a.localidad, avg(a.lat)::text as lat, avg(a.long)::text as long, count(*)::int as profesionales,
          (select count(*)::int from cubiertas c where c.localidad = a.localidad) as obras_sociales,
          (select coalesce(sum(k.afiliados), 0) from cubiertas c
             join afiliados_por_obra_social k on k.obra_social_id = c.obra_social_id
             where c.localidad = a.localidad) as afiliados
        from activos a group by a.localidad
        order by count(*) desc, a.localidad`,
  );
  return rows.map((r) => ({
    localidad: r.localidad,
    lat: r.lat === null ? null : Number(Number(r.lat).toFixed(6)),
    long: r.long === null ? null : Number(Number(r.long).toFixed(6)),
    profesionales: r.profesionales,
    obrasSociales: r.obras_sociales,
    afiliadosCubiertos: Number(r.afiliados),
  }));
}
