import { z } from 'zod';
import { codigoDebitoSchema } from './odontologia.ts';

const cifraSchema = z.object({ lineas: z.number(), importe: z.number() });
const desenlaceSimuladoSchema = z.object({
  /** The débito the closing would make, or null: covered. */
  codigo: codigoDebitoSchema.nullable(),
  /** Covered: what the insurer pays. Debited: the insurer's share the débito takes (the dentist keeps the copay). */
  importe: z.number(),
});

/**
 * What a draft of a plan's rules or a contract's fees would have done to the
 * last three months' lines: each line judged again as the closing judges it,
 * under the rules and fees in force and under the draft. Per insurer, the
 * covered lines (codigo null: lines and what the insurer pays) and the
 * debited ones per débito code (lines and the insurer's share debited),
 * before and after. The lines are judged by the rules and fees alone: what
 * the closing adds besides (alarms for an auditor, late presentation) is not
 * simulated.
 */
export const simulacionSchema = z.object({
  desde: z.string(),
  hasta: z.string(),
  /** Lines judged again, and how many of them would end otherwise. */
  lineas: z.number(),
  cambian: z.number(),
  filas: z.array(
    z.object({
      obraSocial: z.object({ id: z.number(), nombre: z.string() }),
      codigo: codigoDebitoSchema.nullable(),
      antes: cifraSchema,
      despues: cifraSchema,
    }),
  ),
  /** The first lines that would end otherwise, to check by hand. */
  ejemplos: z.array(
    z.object({
      lineaId: z.number(),
      fecha: z.string(),
      codigo: z.string(),
      nombre: z.string(),
      pieza: z.number().nullable(),
      caras: z.string().nullable(),
      /** A sector or arch code ('SD', 'S'), as a line keeps it. */
      sector: z.string().nullable(),
      obraSocial: z.string(),
      profesional: z.string(),
      antes: desenlaceSimuladoSchema,
      despues: desenlaceSimuladoSchema,
    }),
  ),
});
export type Simulacion = z.infer<typeof simulacionSchema>;
