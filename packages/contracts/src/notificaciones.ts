import { z } from 'zod';
import { idSchema, MAX_ID, MAX_PAGE_SIZE, paginatedQuerySchema } from './common.ts';
import * as MESSAGES from './messages/index.ts';

const M = MESSAGES.notificaciones;

// ---------------------------------------------------------------------------
// Categories and recipients
// ---------------------------------------------------------------------------

/** The spec's categories, in its order. Only staff see 'Afiliados' in the lists. */
export const NOTIFICACION_CATEGORIAS = [
  'Afiliados',
  'Actualización de datos Prestadores',
  'Actualización de valores',
  'Comunicación al prestador',
  'Contratación de Prestaciones',
  'Documentación',
  'Notificación a Prestadores',
  'Novedades staff/subprestadores',
] as const;
export type NotificacionCategoria = (typeof NOTIFICACION_CATEGORIAS)[number];
export const CATEGORIA_AFILIADOS: NotificacionCategoria = 'Afiliados';

/** The categories a list shows: every one to staff (AFILIADOS.CREATE), all but 'Afiliados' to the rest. */
export function categoriasVisibles(isStaff: boolean): readonly NotificacionCategoria[] {
  return isStaff ? NOTIFICACION_CATEGORIAS : NOTIFICACION_CATEGORIAS.filter((c) => c !== CATEGORIA_AFILIADOS);
}

/** Who a notification goes to: the spec's two mutually exclusive recipient types. */
export const DESTINATARIO_TIPOS = ['afiliados', 'profesionales'] as const;
export type DestinatarioTipo = (typeof DESTINATARIO_TIPOS)[number];

/** The largest PDF a notification may carry unless MAX_PDF_MB says otherwise. */
export const DEFAULT_MAX_PDF_MB = 10;

const MAX_FILTER_IDS = 1000;
const idList = z.array(idSchema).max(MAX_FILTER_IDS, MESSAGES.TOO_MANY_ITEMS);

/**
 * Who receives a notification (docs/decisions/051-notification-recipients.md):
 * within a filter any chosen value matches, across filters all must match,
 * and an empty filter does not restrict. Professionals picked by name are
 * added to those the filters select; with nothing chosen at all, everyone of
 * the type receives it. Affiliates are chosen by insurer only.
 */
export const notificacionFiltersSchema = z.object({
  obrasSociales: idList.default([]),
  zonas: idList.default([]),
  especialidades: idList.default([]),
  profesionales: idList.default([]),
});
export type NotificacionFilters = z.infer<typeof notificacionFiltersSchema>;

const destinatarioTipoSchema = z.enum(DESTINATARIO_TIPOS, { error: M.RECIPIENT_REQUIRED });

/** Zones, specialties and picked professionals only narrow a send to professionals. */
function onlyInsurersForAfiliados(
  value: { destinatario: DestinatarioTipo } & NotificacionFilters,
  ctx: z.RefinementCtx,
) {
  if (value.destinatario !== 'afiliados') return;
  for (const key of ['zonas', 'especialidades', 'profesionales'] as const) {
    if (value[key].length > 0)
      ctx.addIssue({ code: 'custom', path: [key], message: M.FILTERS_NOT_FOR_AFILIADOS });
  }
}

/** POST /api/notificaciones/destinatarios: the filters of a send, as JSON, to count its recipients first. */
export const destinatariosCountInputSchema = notificacionFiltersSchema
  .extend({ destinatario: destinatarioTipoSchema })
  .superRefine(onlyInsurersForAfiliados);
export type DestinatariosCountInput = z.input<typeof destinatariosCountInputSchema>;

export const destinatariosCountSchema = z.object({ count: z.number().int().min(0) });
export type DestinatariosCount = z.infer<typeof destinatariosCountSchema>;

// ---------------------------------------------------------------------------
// Sending: multipart fields (strings as they are, other values JSON-encoded)
// ---------------------------------------------------------------------------

/** A multipart field holding a JSON list of ids; absent or empty means none. */
const jsonIdList = z.preprocess((value) => {
  if (value === undefined || value === '') return [];
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}, idList);

/**
 * The fields of `POST /api/notificaciones` (to professionals) and `POST
 * /api/notificaciones/afiliados`; `pdfs` is the file part, which the route
 * replaces with the file's name before parsing.
 */
export const notificacionFormSchema = z
  .object({
    title: z.string({ error: M.TITLE_REQUIRED }).trim().min(1, M.TITLE_REQUIRED).max(200, M.TITLE_TOO_LONG),
    category: z.enum(NOTIFICACION_CATEGORIAS, { error: M.CATEGORY_REQUIRED }),
    pdfs: z.string({ error: M.PDF_REQUIRED }),
    destinatario: destinatarioTipoSchema,
    obrasSociales: jsonIdList,
    zonas: jsonIdList,
    especialidades: jsonIdList,
    profesionales: jsonIdList,
  })
  .superRefine(onlyInsurersForAfiliados)
  .superRefine((value, ctx) => {
    // Professionals' lists have no 'Afiliados' category: sent to them, it would be unread and unseen.
    if (value.destinatario === 'profesionales' && value.category === CATEGORIA_AFILIADOS)
      ctx.addIssue({ code: 'custom', path: ['category'], message: M.CATEGORY_NOT_FOR_PROFESIONALES });
  });
export type NotificacionForm = z.output<typeof notificacionFormSchema>;

/** The categories a send to this type of recipient may have. */
export function categoriasPara(destinatario: DestinatarioTipo | null): readonly NotificacionCategoria[] {
  return destinatario === 'profesionales' ? categoriasVisibles(false) : NOTIFICACION_CATEGORIAS;
}

/** 201 answer of a send: the new notification's id and how many received it. */
export const notificacionSentSchema = z.object({ id: z.number().int(), recipientCount: z.number().int() });
export type NotificacionSent = z.infer<typeof notificacionSentSchema>;

// ---------------------------------------------------------------------------
// Lists
// ---------------------------------------------------------------------------

/**
 * One notification as a list shows it: `open` is the
 * caller's read flag and `message[0]` a link to the PDF signed for the
 * caller, valid FILE_LINK_TTL_SECONDS.
 */
export const notificacionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  category: z.string(),
  createdAt: z.string(),
  open: z.boolean(),
  message: z.array(z.string()),
});
export type Notificacion = z.infer<typeof notificacionSchema>;

/** Staff rows add who it went to and 'Leída por X de N'. Staff are not recipients, so `open` is true. */
export const notificacionStaffSchema = notificacionSchema.extend({
  destinatario: z.enum(DESTINATARIO_TIPOS),
  recipientCount: z.number().int(),
  readCount: z.number().int(),
});
export type NotificacionStaff = z.infer<typeof notificacionStaffSchema>;

/** `search` is a category; empty (or 'Todas') lists every category. */
const categorySearch = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((v) => (v === '' || v === 'Todas' ? undefined : v));

/** GET /api/notificaciones/by-id and /afiliados: 0-based pages like every list. */
export const notificacionesQuerySchema = paginatedQuerySchema.extend({ search: categorySearch });
/** A page of one's own notifications, as parsed: `search` is a category or undefined for all. */
export type NotificacionesQuery = z.output<typeof notificacionesQuerySchema>;

/** GET /api/notificaciones (staff): the spec makes this one list's `pageIndex` 1-based. */
export const notificacionesStaffQuerySchema = notificacionesQuerySchema.extend({
  pageIndex: z.coerce
    .number()
    .int()
    .min(1)
    .max(Math.floor(MAX_ID / MAX_PAGE_SIZE))
    .default(1),
});

/** One recipient of a notification, for staff, with when it was read. */
export const destinatarioSchema = z.object({
  tipo: z.enum(DESTINATARIO_TIPOS),
  nombre: z.string(),
  /** The affiliate's document or the professional's account e-mail. */
  detalle: z.string(),
  readAt: z.string().nullable(),
});
export type Destinatario = z.infer<typeof destinatarioSchema>;

// ---------------------------------------------------------------------------
// Read state and deletion
// ---------------------------------------------------------------------------

/** PUT /api/notificaciones/read. */
export const markReadSchema = z.object({ notificacionId: idSchema });
export type MarkRead = z.infer<typeof markReadSchema>;

/** DELETE /api/notificaciones. */
export const deleteNotificacionesSchema = z.object({
  ids: z.array(idSchema).min(1, MESSAGES.VALIDATION).max(500, MESSAGES.TOO_MANY_ITEMS),
});
export type DeleteNotificaciones = z.infer<typeof deleteNotificacionesSchema>;

/** GET /api/notificaciones/unread: unread notifications per category (`{ "<categoría>": n }`). */
export const unreadCountsSchema = z.record(z.string(), z.number().int().min(0));
export type UnreadCounts = z.infer<typeof unreadCountsSchema>;
