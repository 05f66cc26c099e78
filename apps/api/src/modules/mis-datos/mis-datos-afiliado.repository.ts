import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';

/** Everything the network holds about one affiliate in its own tables, for the affiliate's download. */
export async function findDatos(db: DbOrTx, afiliadoId: number) {
  const [afiliado] = await queryRows<{
    nombre: string;
    tipo_documento: string;
    documento: string;
    fecha_nacimiento: string | null;
    email: string | null;
    email_pendiente: string | null;
    telefono: string | null;
    created_at: string;
    updated_at: string;
    obra_social: string | null;
    obra_social_telefonos: string[] | null;
    obra_social_mails: string[] | null;
    plan_codigo: string | null;
    plan_nombre: string | null;
    numero_afiliado: string | null;
    fecha_alta: string | null;
  }>(
    db,
    sql`select a.nombre, a.tipo_documento, a.documento, a.fecha_nacimiento::text as fecha_nacimiento,
          a.email, a.email_pendiente, a.telefono, a.created_at, a.updated_at,
          os.nombre as obra_social, os.telefonos as obra_social_telefonos, os.mails as obra_social_mails,
          pl.codigo as plan_codigo, pl.nombre as plan_nombre, a.numero_afiliado, a.fecha_alta::text as fecha_alta
        from afiliados a left join obras_sociales os on os.id = a.obra_social_id
          left join planes pl on pl.id = a.plan_id
        where a.id = ${afiliadoId}`,
  );
  if (!afiliado) return undefined;
  const notificaciones = await queryRows<{
    title: string;
    category: string;
    file_name: string;
    created_at: string;
    read_at: string | null;
  }>(
    db,
    sql`select n.title, n.category, n.file_name, n.created_at, d.read_at
        from notificacion_destinatarios d join notificaciones n on n.id = d.notificacion_id
        where d.afiliado_id = ${afiliadoId}
        order by d.notificacion_id desc`,
  );
  return { afiliado, notificaciones };
}
