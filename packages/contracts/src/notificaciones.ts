import { z } from 'zod';

/** GET /api/notificaciones/unread: unread notifications per category (`{ "<categoría>": n }`). */
export const unreadCountsSchema = z.record(z.string(), z.number().int().min(0));
export type UnreadCounts = z.infer<typeof unreadCountsSchema>;
