import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** A request's file as read from storage: its bytes and what they are. */
export interface AdjuntoLeido {
  body: Readable;
  mime: string;
  nombre: string;
  size: number;
}

/**
 * Sends an attachment (an X-ray, a photo, a budget) so that the browser shows
 * it and nothing else: the type the bytes proved, never sniffed; an image
 * alone runs nothing; a PDF (refused at upload if it could run a script)
 * opens in the viewer; nothing is kept in a cache.
 */
export function sendAdjunto(reply: FastifyReply, file: AdjuntoLeido) {
  return reply
    .header('content-type', file.mime)
    .header('content-length', file.size)
    .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.nombre)}`)
    .header('x-content-type-options', 'nosniff')
    .header(
      'content-security-policy',
      file.mime === 'application/pdf'
        ? "default-src 'none'; object-src 'self'"
        : "sandbox; default-src 'none'",
    )
    .header('cache-control', 'private, no-store')
    .send(file.body);
}
