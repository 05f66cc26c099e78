import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';

/** Everything the network holds about one account and its professional record, for the owner's download. */
export async function findDatos(db: DbOrTx, userId: number) {
  const [cuenta] = await queryRows<{
    email: string;
    status: string;
    created_at: string;
    last_login_at: string | null;
    totp_enabled_at: string | null;
    roles: string[] | null;
  }>(
    db,
    sql`select u.email, u.status, u.created_at, u.last_login_at, u.totp_enabled_at,
          (select array_agg(r.name order by r.name) from user_roles ur join roles r on r.id = ur.role_id
           where ur.user_id = u.id) as roles
        from users u where u.id = ${userId}`,
  );
  if (!cuenta) return undefined;
  const [perfil] = await queryRows<{
    nombre: string;
    razon_social: string | null;
    email: string;
    telefono: string | null;
    direccion: string | null;
    depto: string | null;
    localidad: string | null;
    lat: string | null;
    long: string | null;
    zona: string | null;
    matricula: string | null;
    matricula_jurisdiccion: string | null;
    matricula_verificada_at: string | null;
    acepta_nuevos_pacientes: boolean;
    horarios: Record<string, unknown>;
    guardias: Record<string, unknown>;
    ausencias: unknown[];
    datos_confirmados_at: string | null;
    especialidades: string[] | null;
    obras_sociales: string[] | null;
  }>(
    db,
    sql`select p.nombre, p.razon_social, p.email, p.telefono, p.direccion, p.depto, p.localidad,
          p.lat::text as lat, p.long::text as long, z.nombre as zona, p.matricula, p.matricula_jurisdiccion,
          p.matricula_verificada_at, p.acepta_nuevos_pacientes, p.horarios, p.guardias, p.ausencias,
          p.datos_confirmados_at,
          (select array_agg(e.nombre order by e.nombre) from profesional_especialidades pe
             join especialidades e on e.id = pe.especialidad_id where pe.profesional_id = p.id) as especialidades,
          (select array_agg(os.nombre order by os.nombre) from profesional_obras_sociales po
             join obras_sociales os on os.id = po.obra_social_id where po.profesional_id = p.id) as obras_sociales
        from profesionales p left join zonas z on z.id = p.zona_id
        where p.user_id = ${userId}`,
  );
  const [sesiones, notificaciones, consultas] = await Promise.all([
    queryRows<{ user_agent: string | null; address: string; created_at: string; last_used_at: string }>(
      db,
      sql`select user_agent, address, created_at, last_used_at from user_sessions
          where user_id = ${userId} order by last_used_at desc`,
    ),
    queryRows<{
      title: string;
      category: string;
      file_name: string;
      created_at: string;
      read_at: string | null;
    }>(
      db,
      sql`select n.title, n.category, n.file_name, n.created_at, d.read_at
          from notificacion_destinatarios d join notificaciones n on n.id = d.notificacion_id
          where d.user_id = ${userId} order by d.notificacion_id desc`,
    ),
    queryRows<{ created_at: string; documento: string | null; details: { found?: boolean } | null }>(
      db,
      sql`select created_at, documento, details from audit_log
          where actor_user_id = ${userId} and action = 'consult'
          order by created_at desc, id desc limit 10000`,
    ),
  ]);
  return { cuenta, perfil, sesiones, notificaciones, consultas };
}
