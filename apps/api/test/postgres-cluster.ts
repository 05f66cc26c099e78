import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './processes.ts';

/** The directory of PostgreSQL's server programs (initdb, pg_ctl): Debian's, else one on PATH. */
function findPostgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  const debian = existsSync(root)
    ? readdirSync(root)
        .sort((a, b) => Number(b) - Number(a))
        .map((version) => path.join(root, version, 'bin'))
    : [];
  const onPath = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  return [...debian, ...onPath].find(
    (dir) => existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl')),
  );
}

const POSTGRES_BIN = findPostgresBin();

const IS_ROOT = process.getuid?.() === 0;

/** Whether this machine can run a PostgreSQL cluster of its own for a test (as root, through the `postgres` user). */
export const CAN_RUN_CLUSTER =
  POSTGRES_BIN !== undefined && (!IS_ROOT || spawnSync('id', ['-u', 'postgres']).status === 0);

/**
 * PostgreSQL refuses to run as root: when the tests do, the cluster's files
 * belong to the `postgres` user and its programs run as that user.
 */
function asClusterOwner(program: string, args: string[]): [string, string[]] {
  const binary = path.join(POSTGRES_BIN!, program);
  return IS_ROOT ? ['runuser', ['-u', 'postgres', '--', binary, ...args]] : [binary, args];
}

/** Runs a PostgreSQL program without blocking, so requests keep flowing while the cluster stops or starts. */
async function run(program: string, args: string[]) {
  const [command, commandArgs] = asClusterOwner(program, args);
  await promisify(execFile)(command, commandArgs);
}

/**
 * A PostgreSQL cluster of the test's own in a temporary directory, trusting
 * local connections, on a free port: stopping it disturbs nobody else.
 */
export async function createCluster() {
  const dir = mkdtempSync(path.join(tmpdir(), 'rd-pg-'));
  if (IS_ROOT) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, 'data');
  await run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const cluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () => run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']),
    /** A fast shutdown: open sessions are ended, as when the service is stopped. */
    stop: () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    destroy() {
      spawnSync(...asClusterOwner('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']));
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await cluster.start();
  return cluster;
}
