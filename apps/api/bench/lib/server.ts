import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { API_DIR, freePort, startServerProcess } from '../../test/processes.ts';

/** Resident memory of a process in MB, from /proc (Linux). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** CPU time (user + system) of a process, in seconds, from /proc (Linux). */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

export interface BenchServer {
  url: string;
  pid: number;
  /** Samples RSS every 25 ms until stopped; returns the peak in MB. */
  sampleRss(): { stop(): number };
  close(): Promise<void>;
}

/** The real server in its own process, so its memory is measured alone. */
export async function startBenchServer(env: Record<string, string>): Promise<BenchServer> {
  const port = await freePort();
  const server = startServerProcess({ PORT: String(port), ...env });
  await server.ready();
  const pid = server.child.pid!;
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
      server.child.kill('SIGTERM');
      await server.exited;
    },
  };
}

/**
 * The search benchmark's empty Fastify route (json-server.ts) in its own process, answering
 * each search with the JSON stored for it in `answersFile`.
 */
export async function startJsonServer(
  answersFile: string,
): Promise<{ url: string; pid: number; close(): Promise<void> }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('json-server.ts', import.meta.url))],
    {
      cwd: API_DIR,
      env: { PATH: process.env.PATH, NODE_ENV: 'production', PORT: String(port), ANSWERS_FILE: answersFile },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const exited = new Promise((resolve) => child.on('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      if (d.toString().includes('listening')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`the JSON server exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    async close() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export async function login(url: string, user: string, pass: string): Promise<string> {
  const res = await fetch(`${url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user, pass }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}
