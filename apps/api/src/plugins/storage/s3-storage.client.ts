import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Config } from '../../config.ts';
import {
  assertValidKey,
  assertValidPrefix,
  type FileStorageBackend,
  StorageUnavailableError,
} from './file-storage.ts';

type S3Config = NonNullable<Config['s3']>;

/** Errors of the network, not of the request: the same call may work a little later. */
const NETWORK_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/**
 * Files as objects of one S3 bucket, through the AWS SDK. Nothing is sent
 * until the first call. Settings are explained in
 * docs/decisions/040-file-storage-disk-or-s3.md. `listPageSize` is how many
 * keys each listing request asks for (S3 answers at most 1,000).
 */
export function s3Storage(s3: S3Config, options: { listPageSize?: number } = {}): FileStorageBackend {
  const hasCustomEndpoint = s3.endpoint !== undefined;
  const client = new S3Client({
    region: s3.region ?? 'us-east-1',
    endpoint: s3.endpoint,
    // S3-compatible servers generally accept the bucket in the path; in the host name it needs DNS per bucket.
    forcePathStyle: hasCustomEndpoint,
    // Without keys the SDK's own chain applies (AWS_* variables, instance or task role).
    credentials:
      s3.accessKeyId && s3.secretAccessKey
        ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey }
        : undefined,
    // Short enough that an outage becomes a 503 within seconds instead of a request left hanging.
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 3_000, socketTimeout: 10_000 },
    // Several S3-compatible servers refuse the CRC32 headers the SDK adds by default.
    requestChecksumCalculation: hasCustomEndpoint ? 'WHEN_REQUIRED' : 'WHEN_SUPPORTED',
    responseChecksumValidation: hasCustomEndpoint ? 'WHEN_REQUIRED' : 'WHEN_SUPPORTED',
  });
  const Bucket = s3.bucket;

  return {
    async put(key, body, { contentType }) {
      assertValidKey(key);
      // Upload sends a body of unknown length in 5 MB parts (one plain PUT when it fits in one).
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: body, ContentType: contentType },
      });
      await upload.done().catch(rethrow);
    },

    async get(key) {
      assertValidKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return {
          body: object.Body as Readable,
          contentType: object.ContentType ?? 'application/octet-stream',
          size: object.ContentLength ?? 0,
        };
      } catch (error) {
        // Only the key is missing: NoSuchBucket is a 404 too, and is a configuration error.
        if ((error as { name?: unknown }).name === 'NoSuchKey') return undefined;
        return rethrow(error);
      }
    },

    async remove(key) {
      assertValidKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key })).catch(rethrow);
    },

    async *list(prefix) {
      assertValidPrefix(prefix);
      // One page at a time: each answer names where the next one starts (ContinuationToken).
      let token: string | undefined;
      do {
        const page = await client
          .send(
            new ListObjectsV2Command({
              Bucket,
              Prefix: prefix === '' ? undefined : prefix,
              ContinuationToken: token,
              MaxKeys: options.listPageSize,
            }),
          )
          .catch(rethrow);
        for (const object of page.Contents ?? [])
          if (object.Key !== undefined && object.LastModified !== undefined)
            yield { key: object.Key, lastModified: object.LastModified };
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token !== undefined);
    },

    close() {
      client.destroy();
    },
  };
}

function rethrow(error: unknown): never {
  throw isOutage(error) ? new StorageUnavailableError(error) : error;
}

/**
 * Only failures of a call to S3 carry `$metadata`: a caller's upload stream
 * that breaks (ECONNRESET from a client gone away) is not an outage.
 */
function isOutage(error: unknown): boolean {
  const e = error as { name?: unknown; code?: unknown; $metadata?: { httpStatusCode?: number } };
  if (!e.$metadata) return false;
  return (
    e.name === 'TimeoutError' ||
    (typeof e.code === 'string' && NETWORK_ERROR_CODES.has(e.code)) ||
    (e.$metadata.httpStatusCode ?? 0) >= 500
  );
}
