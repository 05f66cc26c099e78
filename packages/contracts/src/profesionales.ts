import { z } from 'zod';
import { paginatedQuerySchema } from './common.ts';

/** GET /api/profesionales/solicitudes: the pending sign-up requests, oldest first (the client pages them). */
export const solicitudSchema = z.object({
  id: z.number(),
  nombre: z.string(),
  razonSocial: z.string().nullable(),
  email: z.string(),
  createdAt: z.string(),
  user: z.object({ id: z.number() }),
});
export type Solicitud = z.infer<typeof solicitudSchema>;

/** GET /api/profesionales/paginated: search by nombre or razón social. */
export const profesionalesPaginatedQuerySchema = paginatedQuerySchema;
export type ProfesionalesPaginatedQuery = z.infer<typeof profesionalesPaginatedQuerySchema>;

/** The professional picker's search starts past one character. */
export const PROFESSIONAL_SEARCH_MIN_LENGTH = 2;

/**
 * What a professional search needs of each match (the picker of the
 * notification form); the list rows carry more.
 */
export const profesionalOptionSchema = z.object({
  id: z.number(),
  nombre: z.string(),
  razonSocial: z.string().nullable(),
});
export type ProfesionalOption = z.infer<typeof profesionalOptionSchema>;
