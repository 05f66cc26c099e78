import { afiliadosCsv, generateAfiliados } from '@red-dental/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, multipart, useTestApp } from '../../test/helpers.ts';
import { freePort } from '../../test/processes.ts';
import { startSmtp } from '../../test/smtp-server.ts';
import { createObraSocial } from '../modules/obras-sociales/obras-sociales.factories.ts';
import { insertMail } from './mail/outbox.repository.ts';

const TOKEN = 'metricas-de-prueba-0123456789-abcdef';

/** One sample's value from the Prometheus text, or 0 when the series is not there yet. */
function sample(text: string, name: string, labels: Record<string, string | number> = {}): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const labelText = /\{(.*)\}/.exec(line)?.[1] ?? '';
    if (wanted.every((pair) => labelText.split(',').includes(pair))) return Number(line.split(' ').at(-1));
  }
  return 0;
}

describe.each(BACKENDS)('metrics (%s)', (backend) => {
  let metricsPort: number;
  let smtpPort: number;

  beforeAll(async () => {
    metricsPort = await freePort();
    smtpPort = await freePort();
  });
  const t = useTestApp(backend, {
    env: () => ({
      METRICS_TOKEN: TOKEN,
      METRICS_PORT: String(metricsPort),
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    }),
  });

  const scrape = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  it('answers only a scrape that brings the token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer otro' },
    });
    expect(wrong.statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('counts requests by declared route and status, with their durations', async () => {
    const labels = { method: 'GET', route: '/api/health', status_code: 200 };
    const before = sample(await scrape(), 'http_request_duration_seconds_count', labels);
    for (let i = 0; i < 3; i++) expect((await t.inject('GET', '/api/health')).statusCode).toBe(200);
    await t.inject('GET', '/api/no-existe');
    const text = await scrape();
    expect(sample(text, 'http_request_duration_seconds_count', labels)).toBe(before + 3);
    expect(sample(text, 'http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(before + 3);
    // An unknown address is one label, not one per URL.
    expect(text).not.toContain('/api/no-existe');
    expect(text).toMatch(/process_resident_memory_bytes \d+/);
    expect(text).toMatch(/nodejs_eventloop_lag_seconds \d/);
  });

  it('says how many mails wait in the outbox and how long each send took', async () => {
    await insertMail(t.db, {
      template: 'prueba',
      carriesSecret: false,
      to: 'odontologa@example.com',
      subject: 'Prueba',
      text: 'Hola',
    });
    let text = await scrape();
    expect(sample(text, 'red_dental_outbox_mails', { status: 'pending' })).toBe(1);
    const sentBefore = sample(text, 'red_dental_mail_send_duration_seconds_count', { result: 'sent' });
    const smtp = await startSmtp(smtpPort);
    try {
      await t.app.mail.drain();
      text = await scrape();
      expect(sample(text, 'red_dental_outbox_mails', { status: 'pending' })).toBe(0);
      expect(sample(text, 'red_dental_mail_send_duration_seconds_count', { result: 'sent' })).toBe(
        sentBefore + 1,
      );
    } finally {
      await smtp.close();
    }
  });

  it('times CSV imports by result', async () => {
    const os = await createObraSocial(t.app, t.admin, { nombre: 'Obra Social Métrica' });
    const before = sample(await scrape(), 'red_dental_csv_import_duration_seconds_count', {
      result: 'imported',
    });
    const body = multipart(
      { obraSocialId: String(os.id) },
      {
        name: 'padron.csv',
        content: afiliadosCsv([...generateAfiliados(5, { seed: 3 })]),
      },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/afiliados/import-csv',
      headers: { ...t.admin, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(
      sample(await scrape(), 'red_dental_csv_import_duration_seconds_count', { result: 'imported' }),
    ).toBe(before + 1);
  });

  it('reports the pool on PostgreSQL', async () => {
    const text = await scrape();
    if (backend === 'postgres') expect(text).toMatch(/red_dental_db_pool_connections\{state="idle"\} \d+/);
    else expect(text).not.toMatch(/red_dental_db_pool_connections\{/);
  });

  it('serves the same metrics on METRICS_PORT without a token', async () => {
    const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('http_request_duration_seconds_count');
    expect((await fetch(`http://127.0.0.1:${metricsPort}/otra`)).status).toBe(404);
  });
});
