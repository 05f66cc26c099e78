import { z } from 'zod';

// ---------------------------------------------------------------------------
// GET /api/tablero: the network as a whole, every figure in one answer
// ---------------------------------------------------------------------------

/** A provider's account state as the dashboard counts it. */
export const TABLERO_ESTADOS = ['active', 'pending', 'inactive'] as const;
export const TABLERO_ESTADO_LABELS: Record<(typeof TABLERO_ESTADOS)[number], string> = {
  active: 'Aprobados',
  pending: 'Solicitudes pendientes',
  inactive: 'Dados de baja',
};

/** Data last confirmed longer ago than this count as 'sin confirmar' (and get a reminder). */
export const DIAS_SIN_CONFIRMAR = 90;
/** The notifications the dashboard reads back over. */
export const DIAS_NOTIFICACIONES = 90;

export const tableroSchema = z.object({
  afiliados: z.object({
    total: z.number(),
    /** Largest first; `obraSocialId` null: affiliates without an insurer. */
    porObraSocial: z.array(
      z.object({ obraSocialId: z.number().nullable(), nombre: z.string(), afiliados: z.number() }),
    ),
  }),
  profesionales: z.object({
    porEstado: z.array(z.object({ estado: z.enum(TABLERO_ESTADOS), cantidad: z.number() })),
    solicitudesPendientes: z.number(),
    /** Approved providers whose data were last confirmed (or, never confirmed, approved) over 90 days ago. */
    sinConfirmar: z.number(),
  }),
  reportesAbiertos: z.number(),
  /**
   * The affiliates' answers that said a visit did not happen or was charged beyond the copay: how
   * many wait for staff, and per dentist over the last twelve months (the most first).
   */
  confirmaciones: z.object({
    pendientes: z.number(),
    porProfesional: z.array(
      z.object({
        profesionalId: z.number(),
        nombre: z.string(),
        observadas: z.number(),
        pendientes: z.number(),
      }),
    ),
  }),
  /**
   * Prior authorizations: how many wait for an auditor and the one waiting longest; over the last
   * 90 days, the auditors' answers and how many came before the contract's promise, and the
   * requests the rules approved at once.
   */
  autorizaciones: z.object({
    abiertas: z.number(),
    masAntigua: z.object({ numero: z.string(), pedida: z.string(), respuestaAntes: z.string() }).nullable(),
    respuestas: z.number(),
    aTiempo: z.number(),
    porRegla: z.number(),
  }),
  notificaciones: z.object({
    enviadas: z.number(),
    destinatarios: z.number(),
    leidas: z.number(),
    /** The last ones sent, newest first, with their read counts. */
    ultimas: z.array(
      z.object({
        id: z.number(),
        title: z.string(),
        createdAt: z.string(),
        destinatario: z.string(),
        recipientCount: z.number(),
        readCount: z.number(),
      }),
    ),
  }),
  /**
   * Providers per locality, placed at the middle of their offices, with how
   * many insurers they accept between them and how many affiliates those
   * insurers have.
   */
  localidades: z.array(
    z.object({
      localidad: z.string(),
      lat: z.number().nullable(),
      long: z.number().nullable(),
      profesionales: z.number(),
      obrasSociales: z.number(),
      afiliadosCubiertos: z.number(),
    }),
  ),
});
export type Tablero = z.infer<typeof tableroSchema>;

/**
 * GET /api/tablero/pendientes: the work waiting for the caller, for the
 * navigation's badges; null where the caller may not act on it (pending
 * sign-up requests need PROFESSIONALS.ACCEPT_REQUEST, open reports PROFESSIONALS.UPDATE, the
 * affiliates' observed answers AFILIADOS.GET and UPDATE).
 */
export const pendientesSchema = z.object({
  solicitudes: z.number().int().nullable(),
  reportes: z.number().int().nullable(),
  confirmaciones: z.number().int().nullable(),
});
export type Pendientes = z.infer<typeof pendientesSchema>;
