import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './processes.ts';

/** The directory of PostgreSQL's server programs (initdb, pg_ctl), or undefined when none is installed. */
function findPostgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return path.join(root, versions[0], 'bin');
  }
  const onPath = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  const bin = onPath.status === 0 ? onPath.stdout.trim() : '';
  return bin && existsSync(path.join(bin, 'initdb')) ? bin : undefined;
}

const POSTGRES_BIN = findPostgresBin();

/** Whether this machine can run a PostgreSQL cluster of its own for a test. */
export const CAN_RUN_CLUSTER = POSTGRES_BIN !== undefined;

/**
 * PostgreSQL refuses to run as root: when the tests do, the cluster's files
 * belong to the `postgres` user and its programs run as that user.
 */
function asClusterOwner(program: string, args: string[]): [string, string[]] {
  const binary = path.join(POSTGRES_BIN!, program);
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', binary, ...args]] : [binary, args];
}

function run(program: string, args: string[]) {
  const [command, commandArgs] = asClusterOwner(program, args);
  execFileSync(command, commandArgs, { stdio: 'pipe' });
}

/**
 * A PostgreSQL cluster of the test's own in a temporary directory, trusting
 * local connections, on a free port: stopping it disturbs nobody else.
 */
export async function createCluster() {
  const dir = mkdtempSync(path.join(tmpdir(), 'rd-pg-'));
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, 'data');
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
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
  cluster.start();
  return cluster;
}
