import { type ErrorBody, MESSAGES } from '@red-dental/contracts';
import type { z } from 'zod';
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
  /** Validates the response body; without it the body is trusted as `T`. */
  schema?: z.ZodType<T>;
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
  const { method = 'GET', body, query, auth = true, signal, schema } = options;
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

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), { method, headers, body: payload, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(MESSAGES.UNEXPECTED, 0);
  }

  const data = await readBody(response);
  if (!response.ok) {
    // Only a token this tab still holds is forgotten: a late answer to an old one must not end a new session.
    if (response.status === 401 && token && token === getToken()) endSession('expired');
    const info = readErrorBody(data);
    throw new ApiError(info.error || MESSAGES.UNEXPECTED, response.status, info.code, info.fields);
  }
  if (!schema) return data as T;
  const result = schema.safeParse(data);
  if (!result.success) throw new ApiError(MESSAGES.UNEXPECTED, response.status);
  return result.data;
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
  const text = await response.text().catch(() => '');
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
