import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const API_DIR = fileURLToPath(new URL('../..', import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Resident memory of a process in MB, from /proc (Linux). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

export interface BenchServer {
  url: string;
  pid: number;
  /** Samples RSS every 25 ms until stopped; returns the peak in MB. */
  sampleRss(): { stop(): number };
  close(): Promise<void>;
}

/** Starts the real server in its own process (node + tsx loader, so its PID is the server's). */
export async function startBenchServer(env: Record<string, string>): Promise<BenchServer> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    env: { PATH: process.env.PATH, NODE_ENV: 'test', LOG_LEVEL: 'warn', DEMO_DATA: 'false', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr!.on('data', (d: Buffer) => {
    output += d.toString();
  });
  const started = Date.now();
  while (!output.includes('escuchando en')) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    if (Date.now() - started > 120_000) throw new Error(`server did not start: ${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const pid = child.pid!;
  return {
    url: `http://127.0.0.1:${port}`,
    pid,
    sampleRss() {
      let peak = rssMb(pid);
      const timer = setInterval(() => {
        peak = Math.max(peak, rssMb(pid));
      }, 25);
      return {
        stop() {
          clearInterval(timer);
          return Math.max(peak, rssMb(pid));
        },
      };
    },
    async close() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

export async function login(url: string, user: string, pass: string): Promise<string> {
  const res = await fetch(`${url}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ user, pass }) });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}
