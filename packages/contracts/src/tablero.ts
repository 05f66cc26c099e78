import { z } from 'zod';
import { codigoDebitoSchema } from './odontologia.ts';

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

/** The closed months the dashboard reads the closing's figures over, the newest first. */
export const MESES_CIERRE_TABLERO = 6;

/**
 * Who made a débito: the network (its closing's rules or its auditors), the network by
 * extrapolating a month's random sample where the contract says so, or the insurer, on a lot.
 */
export const ORIGENES_DEBITO = ['red', 'muestra', 'obra_social'] as const;
export type OrigenDebito = (typeof ORIGENES_DEBITO)[number];
export const ORIGEN_DEBITO_LABELS: Record<OrigenDebito, string> = {
  red: 'Red',
  muestra: 'Red, por la muestra',
  obra_social: 'Obra social',
};
/** The words of a débito without a D code. */
export const DEBITO_SIN_CODIGO = 'Sin código de débito';
/** The words of what a random sample's findings debited from the lines approved unseen. */
export const DEBITO_EXTRAPOLADO = 'Extrapolación de la muestra';

/**
 * How long one side of a month took to be paid: the paid ones, on average and the longest; the
 * unpaid ones counted as pending, with the days so far of the one waiting longest.
 */
const diasDePagoSchema = z.object({
  pagados: z.number().int(),
  /** To one decimal; null when none is paid. */
  promedioDias: z.number().nullable(),
  maximoDias: z.number().int().nullable(),
  pendientes: z.number().int(),
  pendienteDias: z.number().int().nullable(),
});

/**
 * The month's closings as staff who close them (LIQUIDACIONES.MANAGE) read them, over the last
 * MESES_CIERRE_TABLERO closed months. Amounts in centavos, per insurer: presented (the fee of
 * every line the month's closing presented, whatever became of it), approved (what the month's
 * lots billed), debited by the network (the débitos of the month's settlements, less what
 * reconsiderations gave back) and by the insurer (its débitos on the month's lots).
 */
export const tableroCierreSchema = z.object({
  periodos: z.array(
    z.object({
      periodo: z.string(),
      /** Lines the closing presented, and of them those it approved by the rules with no auditor. */
      lineas: z.number().int(),
      aprobadasAutomaticamente: z.number().int(),
      /** What the closing's rules found that the chair had not said: the goal is none. */
      alarmas: z.number().int(),
      porObraSocial: z.array(
        z.object({
          obraSocialId: z.number(),
          nombre: z.string(),
          presentado: z.number(),
          aprobado: z.number(),
          debitadoRed: z.number(),
          debitadoObraSocial: z.number(),
        }),
      ),
      /** Days from the settlement's issue to its payment, for the dentists. */
      pagoProfesionales: diasDePagoSchema,
      /** Days from the closing to the lot's payment, for the insurers. */
      cobroObrasSociales: diasDePagoSchema,
    }),
  ),
  /** The débitos of those months by reason, each side apart, the largest amount first. */
  motivos: z.array(
    z.object({
      origen: z.enum(ORIGENES_DEBITO),
      codigo: codigoDebitoSchema.nullable(),
      texto: z.string(),
      cantidad: z.number().int(),
      importe: z.number(),
    }),
  ),
});
export type TableroCierre = z.infer<typeof tableroCierreSchema>;

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
  /** The month's closings; null for a caller without LIQUIDACIONES.MANAGE. */
  cierre: tableroCierreSchema.nullable(),
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
