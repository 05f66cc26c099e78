import { z } from 'zod';
import { paginatedQuerySchema } from './common.ts';
import { ACCESO_TIPOS, TOKEN_FINES, TOKEN_VIAS } from './plain.ts';
import { prestacionAfiliadoSchema, respuestaSchema } from './prestaciones-afiliado.ts';

// ---------------------------------------------------------------------------
// GET /api/afiliados/profile/accesos: who looked up the affiliate's data
// ---------------------------------------------------------------------------

export const accesoRowSchema = z.object({
  fecha: z.string(),
  /** The professional's or staff member's name at the time; never their e-mail. */
  nombre: z.string(),
  /** 'Profesional' for a professional of the network, else the staff member's roles. */
  rol: z.string(),
  tipo: z.enum(ACCESO_TIPOS),
  /** For a coverage check: whether the affiliate was found. */
  encontrado: z.boolean().nullable(),
});
export type AccesoRow = z.infer<typeof accesoRowSchema>;

export const accesosQuerySchema = paginatedQuerySchema.omit({ search: true });

// ---------------------------------------------------------------------------
// GET /api/afiliados/profile/datos and /api/profesionales/profile/datos
// ---------------------------------------------------------------------------

const notificacionRecibidaSchema = z.object({
  titulo: z.string(),
  categoria: z.string(),
  archivo: z.string(),
  enviada: z.string(),
  /** When it was first opened; null while unread. */
  leida: z.string().nullable(),
});

/** Everything the network holds about the affiliate of the session. */
export const afiliadoDatosSchema = z.object({
  generadoEl: z.string(),
  /** A session opened with the document alone sees contact data and the names of who looked them up in part. */
  datosParciales: z.boolean(),
  afiliado: z.object({
    nombre: z.string(),
    tipoDocumento: z.string(),
    documento: z.string(),
    fechaNacimiento: z.string().nullable(),
    /** The plan of the insurer, the card's number and the day the affiliate joined it. */
    plan: z.object({ codigo: z.string(), nombre: z.string() }).nullable(),
    numeroAfiliado: z.string().nullable(),
    fechaAlta: z.string().nullable(),
    email: z.string().nullable(),
    emailPendiente: z.string().nullable(),
    telefono: z.string().nullable(),
    alta: z.string(),
    ultimaModificacion: z.string(),
  }),
  obraSocial: z
    .object({ nombre: z.string(), telefonos: z.array(z.string()), mails: z.array(z.string()) })
    .nullable(),
  notificaciones: z.array(notificacionRecibidaSchema),
  accesos: z.array(accesoRowSchema),
  /**
   * Every line recorded on the affiliate, with who recorded it: health data, so only when asked
   * from the phone enrolled for the token (null otherwise: ask from that phone).
   */
  prestaciones: z.array(prestacionAfiliadoSchema).nullable(),
  /** The affiliate's answers about their visits (health data too: null unless asked from the phone). */
  respuestas: z.array(respuestaSchema).nullable(),
  /** The phones that have shown the affiliate's token: how and when, never the secret. */
  telefonosToken: z.array(
    z.object({
      dispositivo: z.string(),
      via: z.enum(TOKEN_VIAS),
      desde: z.string(),
      ultimoUso: z.string().nullable(),
      hasta: z.string().nullable(),
      fin: z.enum(TOKEN_FINES).nullable(),
    }),
  ),
});
export type AfiliadoDatos = z.infer<typeof afiliadoDatosSchema>;

/** Everything the network holds about the professional of the session. */
export const profesionalDatosSchema = z.object({
  generadoEl: z.string(),
  cuenta: z.object({
    email: z.string(),
    estado: z.string(),
    alta: z.string(),
    ultimoIngreso: z.string().nullable(),
    segundoFactor: z.boolean(),
    roles: z.array(z.string()),
  }),
  perfil: z
    .object({
      nombre: z.string(),
      razonSocial: z.string().nullable(),
      email: z.string(),
      telefono: z.string().nullable(),
      direccion: z.string().nullable(),
      depto: z.string().nullable(),
      localidad: z.string().nullable(),
      latitud: z.string().nullable(),
      longitud: z.string().nullable(),
      zona: z.string().nullable(),
      matricula: z.string().nullable(),
      matriculaJurisdiccion: z.string().nullable(),
      matriculaVerificada: z.string().nullable(),
      aceptaNuevosPacientes: z.boolean(),
      especialidades: z.array(z.string()),
      obrasSociales: z.array(z.string()),
      horarios: z.record(z.string(), z.unknown()),
      guardias: z.record(z.string(), z.unknown()),
      ausencias: z.array(z.unknown()),
      datosConfirmados: z.string().nullable(),
    })
    .nullable(),
  sesiones: z.array(
    z.object({
      dispositivo: z.string().nullable(),
      direccion: z.string(),
      inicio: z.string(),
      ultimoUso: z.string(),
    }),
  ),
  notificaciones: z.array(notificacionRecibidaSchema),
  consultasDeCobertura: z.array(
    z.object({ fecha: z.string(), documento: z.string().nullable(), encontrado: z.boolean() }),
  ),
});
export type ProfesionalDatos = z.infer<typeof profesionalDatosSchema>;
