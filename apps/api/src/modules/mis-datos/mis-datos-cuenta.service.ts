import { MESSAGES, type ProfesionalDatos } from '@red-dental/contracts';
import type { FastifyInstance } from 'fastify';
import { unauthorized } from '../../lib/errors.ts';
import type { Subject } from '../../plugins/auth.ts';
import { recordAudit } from '../auditoria/auditoria.repository.ts';
import * as repo from './mis-datos-cuenta.repository.ts';

type Deps = Pick<FastifyInstance, 'db' | 'consumeQuota'>;

/** Downloads of one's own data per account and hour. */
const DATOS_LIMIT = { max: 10, windowSeconds: 3600 };

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

/**
 * Everything the network holds about the caller (Ley 25.326, art. 14): the
 * account, the professional record with its schedules, the sessions, the
 * notifications received with their read dates, and the coverage checks made.
 * Rate-limited, and the download is itself audited.
 */
export async function exportDatos(deps: Deps, caller: Subject): Promise<ProfesionalDatos> {
  await deps.consumeQuota(deps.db, `datos:user:${caller.id}`, DATOS_LIMIT);
  const datos = await repo.findDatos(deps.db, caller.id);
  if (!datos) throw unauthorized(MESSAGES.SESSION_EXPIRED);
  await recordAudit(deps.db, caller, { action: 'export', entity: 'datos_personales', entityId: caller.id });
  const { cuenta, perfil } = datos;
  return {
    generadoEl: new Date().toISOString(),
    cuenta: {
      email: cuenta.email,
      estado: cuenta.status,
      alta: iso(cuenta.created_at)!,
      ultimoIngreso: iso(cuenta.last_login_at),
      segundoFactor: cuenta.totp_enabled_at !== null,
      roles: cuenta.roles ?? [],
    },
    perfil: perfil
      ? {
          nombre: perfil.nombre,
          razonSocial: perfil.razon_social,
          email: perfil.email,
          telefono: perfil.telefono,
          direccion: perfil.direccion,
          depto: perfil.depto,
          localidad: perfil.localidad,
          latitud: perfil.lat,
          longitud: perfil.long,
          zona: perfil.zona,
          matricula: perfil.matricula,
          matriculaJurisdiccion: perfil.matricula_jurisdiccion,
          matriculaVerificada: iso(perfil.matricula_verificada_at),
          aceptaNuevosPacientes: perfil.acepta_nuevos_pacientes,
          especialidades: perfil.especialidades ?? [],
          obrasSociales: perfil.obras_sociales ?? [],
          horarios: perfil.horarios,
          guardias: perfil.guardias,
          ausencias: perfil.ausencias,
          datosConfirmados: iso(perfil.datos_confirmados_at),
        }
      : null,
    sesiones: datos.sesiones.map((s) => ({
      dispositivo: s.user_agent,
      direccion: s.address,
      inicio: iso(s.created_at)!,
      ultimoUso: iso(s.last_used_at)!,
    })),
    notificaciones: datos.notificaciones.map((n) => ({
      titulo: n.title,
      categoria: n.category,
      archivo: n.file_name,
      enviada: iso(n.created_at)!,
      leida: iso(n.read_at),
    })),
    consultasDeCobertura: datos.consultas.map((c) => ({
      fecha: iso(c.created_at)!,
      documento: c.documento,
      encontrado: c.details?.found === true,
    })),
  };
}
