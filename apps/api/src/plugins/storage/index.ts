import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LEFTOVERS, removeLeftovers } from '../../lib/temp-files.ts';
import { diskStorage } from './disk-storage.ts';
import type { FileStorage, FileStorageBackend } from './file-storage.ts';

export { isStorageUnavailable, StorageUnavailableError } from './file-storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage;
  }
}

/** Decorates the app with the file storage: S3 when S3_BUCKET is set, else DATA_DIR/files. */
export default fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    let backend: FileStorageBackend;
    if (config.s3) {
      // Loaded only when configured: the AWS SDK adds a noticeable share of start-up time.
      const { s3Storage } = await import('./s3-storage.client.ts');
      backend = s3Storage(config.s3);
    } else {
      const root = path.join(config.dataDir, 'files');
      // Writes cut short by a crash stay in .tmp: clear them before taking new ones.
      await removeLeftovers(path.join(root, '.tmp'), LEFTOVERS(config));
      backend = diskStorage(root);
    }
    app.decorate('storage', backend);
    app.addHook('onClose', async () => backend.close());
  },
  { name: 'storage', dependencies: ['db'] },
);
