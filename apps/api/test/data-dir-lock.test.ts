import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_DIR } from './processes.ts';

/**
 * Runs `count` processes that all try to lock `dataDir` at the same instant; returns what each got.
 * Every process stays alive until all have answered: a holder that exited early would leave a stale
 * lock that a slow starter (on a busy machine) rightly takes over.
 */
async function contend(dataDir: string, count: number): Promise<string[]> {
  const startAt = Date.now() + 1500;
  const script = `
    import { lockDataDir } from './src/db/data-dir-lock.ts';
    while (Date.now() < ${startAt}) {}
    let outcome;
    try { lockDataDir(${JSON.stringify(dataDir)}); outcome = 'locked'; } catch { outcome = 'refused'; }
    process.stdout.write(outcome);
    setInterval(() => {}, 1000);`;
  const children = Array.from({ length: count }, () =>
    spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: API_DIR,
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  );
  try {
    return await Promise.all(
      children.map(
        (child) =>
          new Promise<string>((resolve) => {
            let out = '';
            child.stdout.on('data', (d: Buffer) => {
              out += d.toString();
              if (out === 'locked' || out === 'refused') resolve(out);
            });
            child.on('exit', () => resolve(out));
          }),
      ),
    );
  } finally {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.on('exit', () => resolve());
            child.kill('SIGKILL');
          }),
      ),
    );
  }
}

describe('DATA_DIR lock', () => {
  it('goes to exactly one of several processes trying at the same instant', async () => {
    for (let round = 0; round < 3; round++) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'rd-lock-'));
      const outcomes = await contend(dataDir, 6);
      expect(
        outcomes.filter((o) => o === 'locked'),
        `round ${round}: ${outcomes.join(', ')}`,
      ).toHaveLength(1);
      expect(outcomes.filter((o) => o === 'refused')).toHaveLength(5);
    }
  }, 60_000);

  it('is taken over by exactly one of several processes finding the same stale lock', async () => {
    for (let round = 0; round < 3; round++) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'rd-lock-stale-'));
      // A PID no process has: the server that wrote it is gone.
      writeFileSync(path.join(dataDir, 'server.lock'), '999999');
      const outcomes = await contend(dataDir, 6);
      expect(
        outcomes.filter((o) => o === 'locked'),
        `round ${round}: ${outcomes.join(', ')}`,
      ).toHaveLength(1);
    }
  }, 60_000);
});
