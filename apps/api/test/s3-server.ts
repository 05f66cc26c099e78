import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

const BUCKET = 'red-dental-test';

/** An S3-compatible server on loopback, keeping its objects in a temporary folder. */
export async function startS3() {
  const directory = await mkdtemp(path.join(tmpdir(), 'red-dental-s3-'));
  let port = 0;
  let server: S3rver | undefined;
  async function run() {
    server = new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory,
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    ({ port } = await server.run());
  }
  async function stop() {
    await server?.close();
    server = undefined;
  }
  await run();
  return {
    env: {
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    /** Stops answering, as in an outage; the objects stay for `restart`. */
    stop,
    /** Answers again at the same address, with the objects it had. */
    restart: run,
    async close() {
      await stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
