import { hasPermission, MESSAGES, REQUIREMENTS } from '@red-dental/contracts';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/errors.ts';
import type { VerifiedLink } from '../../plugins/file-links.ts';
import type { StoredFile } from '../../plugins/storage/file-storage.ts';
import * as notificaciones from '../notificaciones/notificaciones.repository.ts';

/**
 * The file a verified link points at, if its reader may still open it: the
 * notification it belongs to still exists, and the reader is staff
 * (REQUIREMENTS.STAFF) or one of its recipients. Otherwise "not found", also
 * when the file itself is gone.
 */
export async function openLinkedFile(
  deps: Pick<FastifyInstance, 'db' | 'storage'>,
  link: VerifiedLink,
): Promise<StoredFile> {
  const { reader } = link;
  const who =
    reader.kind === 'user' && hasPermission(reader.permissions, REQUIREMENTS.STAFF)
      ? ({ kind: 'staff' } as const)
      : reader;
  if (!(await notificaciones.canOpenFile(deps.db, link.key, who)))
    throw notFound(MESSAGES.notificaciones.FILE_MISSING);
  const file = await deps.storage.get(link.key);
  if (!file) throw notFound(MESSAGES.notificaciones.FILE_MISSING);
  return file;
}
