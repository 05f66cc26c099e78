import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_DIR } from './processes.ts';

/** Runs `count` processes that all try to lock `dataDir` at the same instant; returns what each got. */
async function contend(dataDir: string, count: number): Promise<string[]> {
  const startAt = Date.now() + 1500;
  const script = `
    import { lockDataDir } from './src/db/data-dir-lock.ts';
    while (Date.now() < ${startAt}) {}
    let outcome;
    try { lockDataDir(${JSON.stringify(dataDir)}); outcome = 'locked'; } catch { outcome = 'refused'; }
    process.stdout.write(outcome);
    setTimeout(() => process.exit(0), 1000);`;
  const runs = Array.from(
    { length: count },
    () =>
      new Promise<string>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
          cwd: API_DIR,
          stdio: ['ignore', 'pipe', 'inherit'],
        });
        let out = '';
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
        });
        child.on('exit', () => resolve(out));
      }),
  );
  return Promise.all(runs);
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
