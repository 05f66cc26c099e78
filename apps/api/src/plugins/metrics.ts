import cluster from 'node:cluster';
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import { ERROR_CODES, MESSAGES } from '@red-dental/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import client from 'prom-client';
import type { Database, Db } from '../db/client.ts';
import { outboxCounts } from './metrics.repository.ts';

// Prometheus metrics (GET /metrics), off unless METRICS_TOKEN or METRICS_PORT is set. The metrics
// live in prom-client's global registry, once per process: a primary of several workers gathers
// every worker's through it (node:cluster messages), and every app of a process observes into it.

/** The database the gauges read at each scrape: the app registered last in this process. */
let source: { database: Database; db: Db } | undefined;

/** What the server observes as it works. */
export const metrics = {
  requests: new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route (as declared, not the URL) and status, with their duration',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  }),
  imports: new client.Histogram({
    name: 'red_dental_csv_import_duration_seconds',
    help: 'Affiliate CSV imports by result (imported, dry_run, failed), with their duration',
    labelNames: ['result'] as const,
    buckets: [0.5, 1, 2, 5, 10, 20, 40, 80, 160, 320, 640],
  }),
  mailSends: new client.Histogram({
    name: 'red_dental_mail_send_duration_seconds',
    help: 'Mails handed to the SMTP server by result (sent, failed), with how long each took',
    labelNames: ['result'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  }),
};

new client.Gauge({
  name: 'red_dental_db_pool_connections',
  help: 'Database pool connections by state: in_use, idle, waiting (requests waiting for one)',
  labelNames: ['state'] as const,
  collect() {
    const stats = source?.database.poolStats?.();
    if (!stats) return;
    this.set({ state: 'in_use' }, stats.inUse);
    this.set({ state: 'idle' }, stats.idle);
    this.set({ state: 'waiting' }, stats.waiting);
  },
});

new client.Gauge({
  name: 'red_dental_outbox_mails',
  help: 'Mails in the outbox by status: pending (to be sent) and failed (given up on)',
  labelNames: ['status'] as const,
  // Every worker reads the same table: the primary keeps one figure, not their sum.
  aggregator: 'max',
  async collect() {
    if (!source) return;
    const counts = await outboxCounts(source.db);
    this.set({ status: 'pending' }, counts.pending);
    this.set({ status: 'failed' }, counts.failed);
  },
});

let metricsOn = false;
/**
 * Node's own figures (memory, event-loop lag, GC, handles), collected only
 * when metrics are on; and, in a worker, prom-client's answer to its
 * primary's requests, which it installs with the first aggregator made.
 */
function turnMetricsOn() {
  if (metricsOn) return;
  metricsOn = true;
  client.collectDefaultMetrics();
  if (cluster.isWorker) new client.AggregatorRegistry();
}

/** Asked by a worker of its primary, which answers with every worker's metrics together. */
export const METRICS_REQUEST = 'red-dental:metrics-request';
export const METRICS_ANSWER = 'red-dental:metrics';

/** This process's metrics, or, in a worker, every worker's as its primary gathers them. */
function metricsText(): Promise<string> {
  if (!cluster.isWorker) return client.register.metrics();
  return new Promise((resolve, reject) => {
    const id = randomUUID();
    const onMessage = (message: { type?: string; id?: string; text?: string; error?: string }) => {
      if (message?.type !== METRICS_ANSWER || message.id !== id) return;
      clearTimeout(timer);
      process.off('message', onMessage);
      if (message.error !== undefined) reject(new Error(message.error));
      else resolve(message.text ?? '');
    };
    const timer = setTimeout(() => {
      process.off('message', onMessage);
      reject(new Error('the primary did not answer with the metrics'));
    }, 5_000);
    process.on('message', onMessage);
    process.send?.({ type: METRICS_REQUEST, id });
  });
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether the request carries `Authorization: Bearer <token>`, compared in constant time. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/.exec(header ?? '')?.[1];
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

/**
 * A plain HTTP server answering GET /metrics on its own port, for a
 * Prometheus inside the network: no token asked, so the port must not be
 * reachable from outside. `text` gives the metrics (a primary's, gathered).
 */
export function serveMetricsPort(port: number, host: string, text: () => Promise<string>) {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    text().then(
      (body) => response.writeHead(200, { 'content-type': client.register.contentType }).end(body),
      () => response.writeHead(503).end(),
    );
  });
  server.listen(port, host);
  return server;
}

export default fp(
  async (app: FastifyInstance) => {
    source = { database: app.database, db: app.db };
    const { token, port } = app.config.metrics;
    // Off by default: then nothing is measured either, not even the requests.
    if (token === undefined && port === undefined) return;
    app.addHook('onResponse', (request, reply, done) => {
      metrics.requests.observe(
        {
          method: request.method,
          // The declared route keeps the labels few; an unknown URL is not a label of its own.
          route: request.routeOptions.url ?? 'unmatched',
          status_code: reply.statusCode,
        },
        reply.elapsedTime / 1000,
      );
      done();
    });
    turnMetricsOn();

    if (token !== undefined) {
      app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
        if (!bearerMatches(request.headers.authorization, token))
          return reply
            .status(401)
            .send({ error: MESSAGES.UNAUTHENTICATED, code: ERROR_CODES.UNAUTHENTICATED });
        return reply
          .type(client.register.contentType)
          .header('cache-control', 'no-store')
          .send(await metricsText());
      });
    }
    // Under WEB_CONCURRENCY the primary serves the port, for all the workers.
    if (port !== undefined && !cluster.isWorker) {
      const server = serveMetricsPort(port, app.config.host, () => client.register.metrics());
      app.addHook('onClose', async () => {
        await new Promise((resolve) => server.close(resolve));
      });
    }
  },
  { name: 'metrics', dependencies: ['db'] },
);
