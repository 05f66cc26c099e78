import { type ErrorBody, MESSAGES } from '@red-dental/contracts';
import type { z } from 'zod';
import { takeEarlyRead } from './early-reads.ts';
import { endSession, getToken } from './session.ts';

/** Base of every API path; same origin unless the build says otherwise. */
export const API_BASE_URL: string = import.meta.env.VITE_API_URL ?? '/api';

/** A failed request, carrying the server's Spanish message (or the generic one) ready to show. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/** The message to show for any error a request may throw. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : MESSAGES.UNEXPECTED;
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** A plain value is sent as JSON; FormData is sent as multipart. */
  body?: unknown;
  query?: QueryParams;
  /** Send the stored token (default). Sign-in and other public calls turn it off. */
  auth?: boolean;
  signal?: AbortSignal;
  /** Let the request finish even if the page is left at once (sign-out). */
  keepalive?: boolean;
  /** Validates the response body; without it the body is trusted as `T`. */
  schema?: z.ZodType<T>;
  /** Sees the answer before its body is read (whether it is the copy kept for reading offline). */
  onResponse?: (url: string, response: Response) => void;
}

export function buildUrl(path: string, query?: QueryParams): string {
  const url = `${API_BASE_URL}/${path.replace(/^\/+/, '')}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

/**
 * The one place that talks HTTP to the API: adds the token, encodes the body,
 * reads `{error}` from failures and ends the session when the API rejects the token.
 */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', body, query, auth = true, signal, keepalive, schema, onResponse } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = auth ? getToken() : null;
  if (token) headers.Authorization = `Bearer ${token}`;

  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  const url = buildUrl(path, query);
  let response: Response;
  try {
    // A portal page may have asked already, while the app was loading (early-reads.ts).
    const early = method === 'GET' && token ? await takeEarlyRead(url, token) : undefined;
    response = early ?? (await fetch(url, { method, headers, body: payload, signal, keepalive }));
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(MESSAGES.UNEXPECTED, 0);
  }
  onResponse?.(url, response);

  const data = await readBody(response);
  if (!response.ok) throw failureOf(response.status, data, token);
  return accept(response.status, data, schema);
}

/** The error of a failed answer; a rejected token ends the session. */
function failureOf(status: number, data: unknown, token: string | null): ApiError {
  // Only a token this tab still holds is forgotten: a late answer to an old one must not end a new session.
  if (status === 401 && token && token === getToken()) endSession('expired');
  const info = readErrorBody(data);
  return new ApiError(info.error || MESSAGES.UNEXPECTED, status, info.code, info.fields);
}

function accept<T>(status: number, data: unknown, schema: z.ZodType<T> | undefined): T {
  if (!schema) return data as T;
  const result = schema.safeParse(data);
  if (!result.success) throw new ApiError(MESSAGES.UNEXPECTED, status);
  return result.data;
}

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
}

/**
 * Fetches a file the API writes as it goes (an export) with the token, counting
 * the bytes as they arrive, then hands it to the browser to save. Errors are
 * read and reported as in `apiRequest`.
 */
export async function apiDownload(path: string, options: DownloadOptions): Promise<void> {
  const { query, signal, fileName, onProgress } = options;
  const token = getToken();
  const headers: Record<string, string> = {};
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

/** The API's `{error, code, fields}`, as far as the body has it (a proxy may answer with HTML). */
function readErrorBody(data: unknown): Partial<ErrorBody> {
  if (typeof data !== 'object' || data === null) return {};
  const { error, code, fields } = data as Record<string, unknown>;
  return {
    error: typeof error === 'string' ? error : undefined,
    code: typeof code === 'string' ? code : undefined,
    fields: typeof fields === 'object' && fields !== null ? (fields as Record<string, string>) : undefined,
  };
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  return parseBody(await response.text().catch(() => ''));
}

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
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
