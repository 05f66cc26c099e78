import { vi } from 'vitest';

export interface MockRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

/** What a handler answers: a `[status, body]` pair, a Response, or a body for 200. */
type Reply = [number, unknown?] | Response | unknown;
type Handler = (request: MockRequest) => Reply | Promise<Reply>;

export function jsonResponse(status: number, body?: unknown): Response {
  if (status === 204 || body === undefined) return new Response(null, { status });
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * Replaces `fetch` with a tiny router over "METHOD /api/path" keys (query
 * string ignored). Unknown routes answer 404 like the API does. Returns the
 * spy and the list of requests made, for assertions.
 */
/** What the app's frame asks on every screen (badges and markers), answered as "nothing waiting" unless a test says otherwise. */
const FRAME_ROUTES: Record<string, Reply> = {
  'GET /api/notificaciones/unread': {},
  'GET /api/tablero/pendientes': { solicitudes: null, reportes: null, confirmaciones: null },
};

export function mockApi(ownRoutes: Record<string, Handler | Reply>) {
  const routes = { ...FRAME_ROUTES, ...ownRoutes };
  const requests: MockRequest[] = [];
  const spy = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = new Headers(init.headers);
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    const request: MockRequest = { method, url, headers, body };
    requests.push(request);
    if (init.signal?.aborted) throw new DOMException('Aborted', 'AbortError');

    const route = routes[`${method} ${url.pathname}`];
    if (route === undefined)
      return jsonResponse(404, { error: 'Recurso no encontrado', code: 'NO_ENCONTRADO' });
    const reply = typeof route === 'function' ? await (route as Handler)(request) : route;
    if (reply instanceof Response) return reply;
    if (Array.isArray(reply) && typeof reply[0] === 'number' && reply.length <= 2) {
      return jsonResponse(reply[0], reply[1]);
    }
    return jsonResponse(200, reply);
  });
  vi.stubGlobal('fetch', spy);
  return { spy, requests };
}
