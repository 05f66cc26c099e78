import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { distDir } from '../build.mjs';

export const API_DIR = fileURLToPath(new URL('..', import.meta.url));

/** A TCP port nothing listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  /** Resolves once the start-up banner is printed; rejects if the process exits first. */
  ready(timeoutMs?: number): Promise<void>;
}

/**
 * Runs the real server, compiled as `npm start` runs it (dist/server.js, built
 * by the run's global set-up), in its own process with only the given
 * environment.
 */
export function startServerProcess(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, [path.join(distDir(), 'server.js')], {
    cwd: API_DIR,
    env: { PATH: process.env.PATH, NODE_ENV: 'test', LOG_LEVEL: 'warn', DEMO_DATA: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (d: Buffer) => {
    output += d.toString();
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    output: () => output,
    exited,
    async ready(timeoutMs = 120_000) {
      const start = Date.now();
      while (!output.includes('Red Dental escuchando en')) {
        if (child.exitCode !== null) throw new Error(`the server exited: ${output}`);
        if (Date.now() - start > timeoutMs) throw new Error(`the server did not start: ${output}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
  };
}

export interface HttpAnswer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: each test reads the fields it expects
  body: any;
}

/** Calls a running server over HTTP, JSON in and out; a connection that fails rejects. */
export function httpClient(base: string) {
  return async function call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    options: { headers?: Record<string, string>; body?: unknown } = {},
  ): Promise<HttpAnswer> {
    const hasBody = options.body !== undefined;
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { ...options.headers, ...(hasBody ? { 'content-type': 'application/json' } : {}) },
      body: hasBody ? JSON.stringify(options.body) : undefined,
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: the text as it came
    }
    return { status: res.status, body };
  };
}

/** Signs in over HTTP and returns the bearer header. */
export async function signIn(
  call: ReturnType<typeof httpClient>,
  email: string,
  password: string,
  headers: Record<string, string> = {},
) {
  const res = await call('POST', '/api/user/login', { headers, body: { user: email, pass: password } });
  if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { authorization: `Bearer ${res.body.token as string}` };
}

/** Polls `condition` until it holds, failing after `timeoutMs`. */
export async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number, everyMs = 200) {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
