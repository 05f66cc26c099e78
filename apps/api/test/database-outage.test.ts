import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ERROR_CODES, MESSAGES } from '@red-dental/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../src/db/client.ts';
import { isDatabaseUnavailable } from '../src/lib/errors.ts';
import { ADMIN } from './helpers.ts';
import { CAN_RUN_CLUSTER, createCluster } from './postgres-cluster.ts';
import { freePort, httpClient, type ServerProcess, signIn, startServerProcess, until } from './processes.ts';

const DOWN = { error: MESSAGES.DATABASE_DOWN, code: ERROR_CODES.UNAVAILABLE };

let cluster: Awaited<ReturnType<typeof createCluster>> | undefined;
let server: ServerProcess | undefined;
const dataDir = mkdtempSync(path.join(tmpdir(), 'rd-outage-'));
afterAll(() => {
  server?.child.kill('SIGKILL');
  cluster?.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Sends requests one after another until stopped, and keeps what each got (or that it got no answer). */
function keepCalling(calls: (() => Promise<{ status: number; body: unknown }>)[]) {
  const answers: { status: number | 'no answer'; body: unknown }[] = [];
  let running = true;
  const loop = (async () => {
    while (running)
      for (const call of calls)
        answers.push(await call().catch((error: unknown) => ({ status: 'no answer' as const, body: error })));
  })();
  return {
    answers,
    async stop() {
      running = false;
      await loop;
    },
  };
}

describe.skipIf(!CAN_RUN_CLUSTER)('PostgreSQL stopped under traffic and started again', () => {
  it('answers 503 with a Spanish message meanwhile, and serves again without a restart', async () => {
    cluster = await createCluster();
    const port = await freePort();
    server = startServerProcess({
      DATABASE_URL: cluster.url,
      DATA_DIR: dataDir,
      PORT: String(port),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    });
    await server.ready();
    const call = httpClient(`http://127.0.0.1:${port}`);
    const auth = await signIn(call, ADMIN.email, ADMIN.password);
    const health = () => call('GET', '/api/health');
    const afiliados = () => call('GET', '/api/afiliados/paginated?pageSize=5', { headers: auth });
    expect((await health()).status).toBe(200);
    expect((await afiliados()).status).toBe(200);

    // A statement the stop cuts off halfway counts as the database being down too, not as a failure of its own.
    const pool = openPostgres(cluster.url, 1);
    const cutOff = pool.db.execute(sql`select pg_sleep(30)`).catch((error: unknown) => error);

    const traffic = keepCalling([health, afiliados]);
    await new Promise((r) => setTimeout(r, 300));
    await cluster.stop();
    expect(isDatabaseUnavailable(await cutOff)).toBe(true);
    await pool.close();
    await new Promise((r) => setTimeout(r, 1000));

    // While it is down: a clear Spanish 503, for the load balancer, a signed-in user and a sign-in alike.
    expect(await health()).toEqual({ status: 503, body: DOWN });
    expect(await afiliados()).toEqual({ status: 503, body: DOWN });
    expect(
      await call('POST', '/api/user/login', { body: { user: ADMIN.email, pass: ADMIN.password } }),
    ).toEqual({
      status: 503,
      body: DOWN,
    });

    await cluster.start();
    await until(async () => (await health()).status === 200, 30_000);
    await traffic.stop();

    // The same process, the same session: nothing had to be restarted or signed in again.
    expect(server.child.exitCode).toBeNull();
    expect((await afiliados()).status).toBe(200);
    expect((await call('GET', '/api/user/me', { headers: auth })).body.user).toBe(ADMIN.email);

    // Every request under way through the outage got one of the two answers, never a 500 or a dropped connection.
    const refused = traffic.answers.filter((a) => a.status !== 200);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.filter((a) => a.status !== 503)).toEqual([]);
    expect(refused.filter((a) => JSON.stringify(a.body) !== JSON.stringify(DOWN))).toEqual([]);
  }, 120_000);
});
