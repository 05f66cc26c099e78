import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afiliadosCsv, buildPdf, generateAfiliados } from '@red-dental/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, BACKENDS, createScratchPostgres, multipart } from './helpers.ts';
import {
  freePort,
  type HttpAnswer,
  httpClient,
  type ServerProcess,
  signIn,
  startServerProcess,
  until,
} from './processes.ts';
import { startSmtp } from './smtp-server.ts';

/** Affiliates of the insurer the notification goes to, and how many of them have a confirmed e-mail. */
const AFILIADOS = 2000;
const WITH_EMAIL = 25;
const PDF = buildPdf(['Cambios en la cobertura', 'Vigentes desde el 1 de marzo']);

describe.skipIf(!BACKENDS.includes('postgres'))('work interrupted by SIGTERM (PostgreSQL)', () => {
  let database: Awaited<ReturnType<typeof createScratchPostgres>>;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let smtpPort: number;
  let dataDir: string;
  const running: ServerProcess[] = [];
  let obraSocialId: number;

  /** A server process on the test's database, signed in as the administrator. */
  async function boot() {
    const port = await freePort();
    const server = startServerProcess({
      DATABASE_URL: database.url,
      DATABASE_POOL_SIZE: '5',
      DATA_DIR: dataDir,
      PORT: String(port),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      // The shutdown's own log line tells the test that SIGTERM has been taken.
      LOG_LEVEL: 'info',
    });
    running.push(server);
    await server.ready();
    const base = `http://127.0.0.1:${port}`;
    const call = httpClient(base);
    return { server, base, call, auth: await signIn(call, ADMIN.email, ADMIN.password) };
  }

  async function stop(server: ServerProcess) {
    server.child.kill('SIGTERM');
    return server.exited;
  }

  const sendForm = () =>
    multipart(
      {
        title: 'Cambios en la cobertura',
        category: 'Afiliados',
        obrasSociales: JSON.stringify([obraSocialId]),
      },
      { name: 'cobertura.pdf', content: PDF, field: 'pdfs', type: 'application/pdf' },
    );

  /** The send's rows as the database has them. */
  async function sent() {
    const [row] = await database.query<{ notificaciones: string; destinatarios: string; mails: string }>(
      `select (select count(*) from notificaciones) as notificaciones,
        (select count(*) from notificacion_destinatarios) as destinatarios,
        (select count(*) from mail_outbox where template = 'nueva-notificacion') as mails`,
    );
    return {
      notificaciones: Number(row!.notificaciones),
      destinatarios: Number(row!.destinatarios),
      mails: Number(row!.mails),
    };
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'rd-sigterm-'));
    database = await createScratchPostgres();
    smtpPort = await freePort();
    // A busy mail server: a batch of ten takes half a second, so a shutdown finds one in hand.
    smtp = await startSmtp(smtpPort, { delayMs: 50 });
  });
  afterAll(async () => {
    for (const server of running) server.child.kill('SIGKILL');
    await smtp?.close();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('lands a notification send in flight whole and answers it; after the restart the send can be repeated', async () => {
    const first = await boot();
    const os = await first.call('POST', '/api/obra-sociales', {
      headers: first.auth,
      body: { nombre: 'OSDE', telefono: [], mail: [] },
    });
    obraSocialId = os.body.id;
    const csv = afiliadosCsv(
      generateAfiliados(AFILIADOS, { firstDocumento: 30_000_000, documentos: 'sequential' }),
      {
        columns: ['nombre', 'tipoDocumento', 'documento'],
      },
    );
    const form = new FormData();
    form.append('obraSocialId', String(obraSocialId));
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'padron.csv');
    const imported = await fetch(`${first.base}/api/afiliados/import-csv`, {
      method: 'POST',
      headers: first.auth,
      body: form,
    });
    expect(imported.status).toBe(201);
    await database.query(
      `update afiliados set email = 'afiliado' || id || '@example.com'
       where id in (select id from afiliados order by id limit ${WITH_EMAIL})`,
    );

    // Half the form is uploaded when SIGTERM arrives; the rest follows once the server is shutting down.
    const body = sendForm();
    const upload = httpRequest(`${first.base}/api/notificaciones/afiliados`, {
      method: 'POST',
      headers: { ...first.auth, ...body.headers, 'content-length': String(body.payload.length) },
    });
    const answer = new Promise<HttpAnswer>((resolve, reject) => {
      upload.on('error', reject);
      upload.on('response', async (res) => {
        let text = '';
        for await (const chunk of res) text += chunk;
        resolve({ status: res.statusCode!, body: JSON.parse(text) });
      });
    });
    const half = Math.floor(body.payload.length / 2);
    upload.write(body.payload.subarray(0, half));
    await new Promise((r) => setTimeout(r, 500));
    first.server.child.kill('SIGTERM');
    await until(() => first.server.output().includes('finishing requests in flight'), 10_000);
    upload.end(body.payload.subarray(half));

    expect(await answer).toEqual({
      status: 201,
      body: { id: expect.any(Number), recipientCount: AFILIADOS },
    });
    expect(await first.server.exited).toBe(0);
    expect(await sent()).toEqual({ notificaciones: 1, destinatarios: AFILIADOS, mails: WITH_EMAIL });

    // After the restart the notification is there with its file, and the same send goes through again.
    const second = await boot();
    const list = await second.call('GET', '/api/notificaciones?pageIndex=1&pageSize=10', {
      headers: second.auth,
    });
    expect(list.body.rows).toHaveLength(1);
    const file = await fetch(`${second.base}${list.body.rows[0].message[0]}`, { headers: second.auth });
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(PDF)).toBe(true);

    const again = sendForm();
    const repeated = await fetch(`${second.base}/api/notificaciones/afiliados`, {
      method: 'POST',
      headers: { ...second.auth, ...again.headers },
      body: again.payload,
    });
    expect(repeated.status).toBe(201);
    expect(await sent()).toEqual({ notificaciones: 2, destinatarios: 2 * AFILIADOS, mails: 2 * WITH_EMAIL });
  }, 120_000);

  it('delivers each queued mail exactly once across a process stopped mid-batch and the next one', async () => {
    const second = running.at(-1)!;
    const outbox = () => database.query<{ id: string; status: string }>('select id, status from mail_outbox');
    // The previous process's worker is sending the notifications' mails: stop it in the middle.
    await until(async () => smtp.received.length > 0, 30_000);
    const pendingAtStop = (await outbox()).filter((row) => row.status === 'pending').length;
    expect(pendingAtStop).toBeGreaterThan(0);
    expect(await stop(second)).toBe(0);
    const deliveredBeforeRestart = smtp.received.length;

    const third = await boot();
    await until(async () => (await outbox()).every((row) => row.status === 'sent'), 60_000);
    expect(smtp.received.length).toBeGreaterThan(deliveredBeforeRestart);
    const queued = (await outbox()).map((row) => String(row.id)).sort();
    expect(queued).toHaveLength(2 * WITH_EMAIL);
    expect(smtp.received.map((mail) => mail.outboxId).sort()).toEqual(queued);
    expect(await stop(third.server)).toBe(0);
  }, 120_000);
});
