import { type ExportFormat, MESSAGES, networkClock } from '@red-dental/contracts';
import type { z } from 'zod';
import {
  ApiError,
  accept,
  buildUrl,
  failureOf,
  parseBody,
  type QueryParams,
  readBody,
} from './api-client.ts';
import { getToken } from './session.ts';

// Files to and from the API: uploads that report their progress and downloads saved by the
// browser. Apart from api-client.ts, which every page loads, since only some staff screens
// and the data download need them.

export interface UploadOptions<T> {
  query?: QueryParams;
  signal?: AbortSignal;
  schema?: z.ZodType<T>;
  /** Share of the body sent so far, from 0 to 1. */
  onProgress?: (fraction: number) => void;
}

/**
 * A multipart POST that reports how much of the body has been sent, which
 * fetch cannot do; token and errors are handled as in `apiRequest`.
 */
export function apiUpload<T = unknown>(
  path: string,
  body: FormData,
  options: UploadOptions<T> = {},
): Promise<T> {
  const { query, signal, schema, onProgress } = options;
  const token = getToken();
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(path, query));
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const data = parseBody(xhr.status === 204 ? '' : xhr.responseText);
      if (xhr.status < 200 || xhr.status >= 300) reject(failureOf(xhr.status, data, token));
      else {
        try {
          resolve(accept(xhr.status, data, schema));
        } catch (error) {
          reject(error);
        }
      }
    };
    xhr.onerror = () => reject(new ApiError(MESSAGES.UNEXPECTED, 0));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    if (signal?.aborted) {
      reject(new DOMException('Aborted', 'AbortError'));
      return;
    }
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

export interface DownloadOptions {
  query?: QueryParams;
  signal?: AbortSignal;
  /** The name the file is saved under. */
  fileName: string;
  /** Bytes received so far (an export's size is not known until it ends). */
  onProgress?: (bytes: number) => void;
  /** Headers of this request alone (the affiliate's token, proving the phone). */
  headers?: Record<string, string>;
}

/**
 * Fetches a file the API writes as it goes (an export) with the token, counting
 * the bytes as they arrive, then hands it to the browser to save. Errors are
 * read and reported as in `apiRequest`.
 */
export async function apiDownload(path: string, options: DownloadOptions): Promise<void> {
  const { query, signal, fileName, onProgress } = options;
  const token = getToken();
  const headers: Record<string, string> = { ...options.headers };
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), { headers, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(MESSAGES.UNEXPECTED, 0);
  }
  if (!response.ok) throw failureOf(response.status, await readBody(response), token);
  const parts: Uint8Array[] = [];
  let received = 0;
  try {
    const reader = response.body!.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      parts.push(chunk.value);
      received += chunk.value.byteLength;
      onProgress?.(received);
    }
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(MESSAGES.UNEXPECTED, 0);
  }
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  const url = URL.createObjectURL(new Blob(parts as BlobPart[], { type }));
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file by the next turn; the memory can go.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A file the API sends (an attachment to show on screen), fetched with the token. */
export async function apiBlob(path: string, options: { signal?: AbortSignal } = {}): Promise<Blob> {
  const token = getToken();
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  let response: Response;
  try {
    response = await fetch(buildUrl(path), { headers, signal: options.signal });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(MESSAGES.UNEXPECTED, 0);
  }
  if (!response.ok) throw failureOf(response.status, await readBody(response), token);
  return response.blob();
}

/**
 * Multipart body as the spec sends it: strings and files as they are,
 * every other value JSON-encoded; undefined values are left out.
 */
export function toFormData(values: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    if (typeof value === 'string' || value instanceof Blob) form.append(key, value);
    else form.append(key, JSON.stringify(value));
  }
  return form;
}

/**
 * A list exported in the format asked for (`formato`, `separador`) with the
 * list's own filters, saved as `{name}-{day}.{csv|xlsx}` (the day in Buenos
 * Aires, as the server names it).
 */
export function apiExport(
  path: string,
  options: {
    name: string;
    format: ExportFormat;
    query?: QueryParams;
    signal?: AbortSignal;
    onProgress?: (bytes: number) => void;
  },
): Promise<void> {
  const { name, format, query, ...rest } = options;
  const day = networkClock(new Date()).date;
  return apiDownload(path, {
    ...rest,
    query: { ...query, formato: format.formato, separador: format.separador },
    fileName: `${name}-${day}.${format.formato}`,
  });
}
