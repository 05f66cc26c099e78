import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { LEFTOVERS, removeLeftovers } from '../../lib/temp-files.ts';
import { closeStorageRoot, diskStorage } from './disk-storage.ts';
import type { FileStorage, FileStorageBackend } from './file-storage.ts';

export type { FileStorage } from './file-storage.ts';
export { isStorageUnavailable, StorageUnavailableError } from './file-storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage;
  }
}

/** The configured file storage: S3 when S3_BUCKET is set, else DATA_DIR/files. Close it when done. */
export async function openStorage(config: Config): Promise<FileStorageBackend> {
  if (config.s3) {
    // Loaded only when configured: the AWS SDK adds a noticeable share of start-up time.
    const { s3Storage } = await import('./s3-storage.client.ts');
    return s3Storage(config.s3);
  }
  return diskStorage(path.join(config.dataDir, 'files'));
}

/** Decorates the app with the file storage (`openStorage`). */
export default fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    if (!config.s3) {
      const root = path.join(config.dataDir, 'files');
      await closeStorageRoot(root);
      // Writes cut short by a crash stay in .tmp: clear them before taking new ones.
      await removeLeftovers(path.join(root, '.tmp'), LEFTOVERS(config));
    }
    const backend = await openStorage(config);
    app.decorate('storage', backend);
    app.addHook('onClose', async () => backend.close());
  },
  { name: 'storage', dependencies: ['db'] },
);
