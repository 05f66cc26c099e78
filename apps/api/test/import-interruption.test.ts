import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afiliadosCsv, generateAfiliados } from '@red-dental/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN } from './helpers.ts';
import { freePort, type ServerProcess, startServerProcess } from './processes.ts';

/** Enough rows that the import's transaction is still open a couple of seconds in. */
const ROWS = 100_000;

function bigCsv() {
  const rows = generateAfiliados(ROWS, { firstDocumento: 20_000_000, documentos: 'sequential' });
  return afiliadosCsv(rows, { columns: ['nombre', 'tipoDocumento', 'documento'] });
}

/**
 * The embedded database's files of temporary tables and of sorts spilled to
 * disk, with their sizes: where the import's staged rows live while it runs.
 */
function stagingFiles(dataDir: string) {
  const base = path.join(dataDir, 'db', 'base');
  return readdirSync(base, { recursive: true, withFileTypes: true })
    .filter(
      (entry) => entry.isFile() && (/^t\d+_\d+/.test(entry.name) || entry.parentPath.includes('pgsql_tmp')),
    )
    .map((entry) => statSync(path.join(entry.parentPath, entry.name)).size);
}

const running: ServerProcess[] = [];
afterAll(() => {
  for (const server of running) server.child.kill('SIGKILL');
});

async function boot(dataDir: string, port: number) {
  const server = startServerProcess({
    DATA_DIR: dataDir,
    PORT: String(port),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  running.push(server);
  await server.ready();
  const base = `http://127.0.0.1:${port}`;
  const login = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user: ADMIN.email, pass: ADMIN.password }),
  });
  const { token } = (await login.json()) as { token: string };
  const auth = { authorization: `Bearer ${token}` };
  return {
    server,
    base,
    auth,
    async obraSocial(nombre: string) {
      const res = await fetch(`${base}/api/obra-sociales`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ nombre, telefono: [], mail: [] }),
      });
      return ((await res.json()) as { id: number }).id;
    },
    upload(obraSocialId: number) {
      const form = new FormData();
      form.append('obraSocialId', String(obraSocialId));
      form.append('file', new Blob([bigCsv()], { type: 'text/csv' }), 'padron.csv');
      return fetch(`${base}/api/afiliados/import-csv`, { method: 'POST', headers: auth, body: form });
    },
    /** Exact count of the imported documents (20000000…20099999), in ten prefix searches of 10,000. */
    async afiliadoCount() {
      let total = 0;
      for (let prefix = 2000; prefix <= 2009; prefix++) {
        const res = await fetch(`${base}/api/afiliados/paginated?pageSize=1&search=${prefix}`, {
          headers: auth,
        });
        total += ((await res.json()) as { rowCount: number }).rowCount;
      }
      return total;
    },
  };
}

describe('an import interrupted by the process going away (embedded database)', () => {
  it('leaves nothing behind after a crash, and lands whole when SIGTERM lets it finish', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rd-import-crash-'));
    const port = await freePort();

    // A crash (SIGKILL) while the rows are being staged and upserted in the import's single
    // transaction: after a restart the table is as it was.
    const first = await boot(dataDir, port);
    const osId = await first.obraSocial('OSDE');
    const killed = first.upload(osId).catch(() => undefined);
    const started = Date.now();
    while (stagingFiles(dataDir).reduce((a, b) => a + b, 0) < 1_000_000 && Date.now() - started < 60_000)
      await new Promise((r) => setTimeout(r, 50));
    first.server.child.kill('SIGKILL');
    await first.server.exited;
    expect(await killed).toBeUndefined();

    expect(readdirSync(path.join(dataDir, 'tmp'))).not.toEqual([]);
    // The staging table was on disk when the process died.
    expect(stagingFiles(dataDir).reduce((a, b) => a + b, 0)).toBeGreaterThan(1_000_000);
    const second = await boot(dataDir, port);
    expect(await second.afiliadoCount()).toBe(0);
    // The upload's temporary files and the staged rows went with the restart.
    expect(readdirSync(path.join(dataDir, 'tmp'))).toEqual([]);
    expect(stagingFiles(dataDir)).toEqual([]);

    // SIGTERM while importing: the request in flight completes, then the process exits cleanly.
    const answer = second.upload(osId);
    await new Promise((r) => setTimeout(r, 1500));
    second.server.child.kill('SIGTERM');
    const res = await answer;
    expect(res.status).toBe(201);
    expect(((await res.json()) as { created: number }).created).toBe(ROWS);
    expect(await second.server.exited).toBe(0);

    const third = await boot(dataDir, port);
    expect(await third.afiliadoCount()).toBe(ROWS);
    third.server.child.kill('SIGTERM');
    await third.server.exited;
  }, 180_000);
});
