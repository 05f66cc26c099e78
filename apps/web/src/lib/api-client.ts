import { ERROR_CODES, type ErrorBody, MESSAGES } from '@red-dental/contracts';
import type { z } from 'zod';
import { noteSecondFactorRequired } from './second-factor-required.ts';
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
    /** The whole answer, for refusals that carry more than the message (a blocked visit's lines). */
    readonly body?: unknown,
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
  /** Headers of this request alone (the affiliate's token, proving the phone). */
  headers?: Record<string, string>;
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

type EarlyAnswers = (url: string, token: string) => Promise<Response | null> | undefined;
let earlyAnswers: EarlyAnswers | null = null;

/**
 * Where a GET first looks for its answer: the reads a portal page started
 * while the app loaded (lib/early-reads.ts). Set by the portal, which alone
 * has them, so the sign-in pages carry none of it.
 */
export function takeAnswersFrom(source: EarlyAnswers): void {
  earlyAnswers = source;
}

/**
 * The one place that talks HTTP to the API: adds the token, encodes the body,
 * reads `{error}` from failures and ends the session when the API rejects the token.
 */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', body, query, auth = true, signal, keepalive, schema, onResponse } = options;
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
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
    const early = method === 'GET' && token ? await earlyAnswers?.(url, token) : undefined;
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
export function failureOf(status: number, data: unknown, token: string | null): ApiError {
  // Only a token this tab still holds is forgotten: a late answer to an old one must not end a new session.
  if (status === 401 && token && token === getToken()) endSession('expired');
  const info = readErrorBody(data);
  if (status === 403 && token && info.code === ERROR_CODES.SECOND_FACTOR_REQUIRED)
    noteSecondFactorRequired(token);
  return new ApiError(info.error || MESSAGES.UNEXPECTED, status, info.code, info.fields, data);
}

export function accept<T>(status: number, data: unknown, schema: z.ZodType<T> | undefined): T {
  if (!schema) return data as T;
  const result = schema.safeParse(data);
  if (!result.success) throw new ApiError(MESSAGES.UNEXPECTED, status);
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

export async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  return parseBody(await response.text().catch(() => ''));
}

export function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
