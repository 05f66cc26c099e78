import { type Ausencia, GUARDIAS, type WeeklySchedule } from '@red-dental/contracts';
import { sql } from 'drizzle-orm';
import { type DbOrTx, preparedRows } from '../../db/client.ts';

/**
 * The affiliate's insurer and the directory's version, which triggers bump on
 * every write that can change a directory (migration 0010): a directory built
 * at this version can be served again as is.
 */
export async function findDirectoryVersion(
  db: DbOrTx,
  afiliadoId: number,
): Promise<{ obraSocialId: number | null; version: string }> {
  const [row] = await preparedRows<{ obra_social_id: number | null; version: string | number | null }>(
    db,
    sql`
    select a.obra_social_id, (select v.version from directory_version v where v.id = 1) as version
    from afiliados a where a.id = ${afiliadoId}`,
  );
  return { obraSocialId: row?.obra_social_id ?? null, version: String(row?.version ?? 0) };
}

export interface DirectoryRow {
  id: number;
  nombre: string;
  razon_social: string | null;
  telefono: string | null;
  direccion: string | null;
  depto: string | null;
  lat: string | null;
  long: string | null;
  localidad: string | null;
  especialidades: { id: number; nombre: string }[];
  horarios: WeeklySchedule;
  guardias: WeeklySchedule;
  acepta_nuevos_pacientes: boolean;
  ausencias: Ausencia[];
  datos_confirmados_at: Date | string | null;
}

/**
 * The approved providers that accept an insurer, by name, with their specialties. GUARDIAS is
 * not one to an affiliate: it is how a provider enters on-call hours, which the directory gives
 * as `guardias` ('De guardia ahora'), so it is left out of the list a filter is made from.
 */
export function findDirectory(db: DbOrTx, obraSocialId: number): Promise<DirectoryRow[]> {
  return preparedRows<DirectoryRow>(
    db,
    sql`
    select p.id, p.nombre, p.razon_social, p.telefono, p.direccion, p.depto,
      p.lat::text as lat, p.long::text as long, p.localidad, p.horarios, p.guardias,
      p.acepta_nuevos_pacientes, p.ausencias, p.datos_confirmados_at,
      coalesce((
        select json_agg(json_build_object('id', e.id, 'nombre', e.nombre) order by lower(e.nombre))
        from profesional_especialidades pe join especialidades e on e.id = pe.especialidad_id
        where pe.profesional_id = p.id and e.nombre <> ${GUARDIAS}
      ), '[]'::json) as especialidades
    from profesional_obras_sociales pos
    join profesionales p on p.id = pos.profesional_id
    join users u on u.id = p.user_id and u.status = 'active'
    where pos.obra_social_id = ${obraSocialId}
    order by lower(p.nombre), p.id`,
  );
}
