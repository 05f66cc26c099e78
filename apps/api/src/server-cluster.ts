import cluster, { type Address } from 'node:cluster';

/** A worker that dies is replaced, unless workers keep dying: more exits than this a minute per worker stop the server. */
const EXITS_PER_WORKER_A_MINUTE = 3;
/** How long the workers get to finish their requests after SIGTERM before they are killed (each drains for up to 15 s). */
const STOP_GRACE_MS = 20_000;

const urlOf = (address: Address) => {
  const host = address.address?.includes(':') ? `[${address.address}]` : (address.address ?? '127.0.0.1');
  return `http://${host}:${address.port}`;
};

/**
 * The primary of several server processes (WEB_CONCURRENCY) sharing one
 * port through node:cluster. It starts `count` workers and calls `onReady`
 * once all of them listen; a worker that dies is replaced; SIGTERM or SIGINT
 * asks every worker to finish its requests and stop, and the primary exits
 * when the last one has (killing any still running after STOP_GRACE_MS).
 * Migrating and seeding happened before this, once. With metrics on, the
 * primary gathers every worker's (see `gatherWorkerMetrics`).
 */
export async function superviseWorkers(
  count: number,
  options: { metrics: { token?: string; port?: number }; host: string },
  onReady: (url: string) => void,
): Promise<void> {
  if (options.metrics.token !== undefined || options.metrics.port !== undefined)
    await gatherWorkerMetrics(options.metrics.port, options.host);
  let stopping = false;
  /** 0 after SIGTERM or SIGINT; 1 when the workers kept dying. */
  let exitCode = 0;
  let announced = false;
  const listening = new Set<number>();
  const exits: number[] = [];

  cluster.on('listening', (worker, address) => {
    listening.add(worker.id);
    if (!announced && listening.size === count) {
      announced = true;
      onReady(urlOf(address));
    }
  });

  cluster.on('exit', (worker, code, signal) => {
    listening.delete(worker.id);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
      return;
    }
    const now = Date.now();
    exits.push(now);
    while (exits[0]! < now - 60_000) exits.shift();
    if (exits.length > count * EXITS_PER_WORKER_A_MINUTE) {
      console.error('Los procesos del servidor terminan una y otra vez; Red Dental se detiene.');
      stop(1);
      return;
    }
    console.error(
      `El proceso ${worker.process.pid} del servidor terminó (${signal ?? `código ${code}`}); se inicia otro en su lugar.`,
    );
    cluster.fork();
  });

  function stop(code = 0) {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(exitCode);
    for (const worker of workers) worker?.process.kill('SIGTERM');
    setTimeout(() => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
      process.exit(exitCode);
    }, STOP_GRACE_MS).unref();
  }

  process.on('SIGTERM', () => stop());
  process.on('SIGINT', () => stop());
  for (let i = 0; i < count; i++) cluster.fork();
}

/**
 * The primary's part of the metrics: a worker asked for GET /metrics gets
 * every worker's, summed by prom-client's aggregator (gauges of one shared
 * figure keep one), and METRICS_PORT is served here, once for all.
 */
async function gatherWorkerMetrics(port: number | undefined, host: string) {
  const { AggregatorRegistry } = await import('prom-client');
  const { METRICS_ANSWER, METRICS_REQUEST, serveMetricsPort } = await import('./plugins/metrics.ts');
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: { type?: string; id?: string }) => {
    if (message?.type !== METRICS_REQUEST) return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: METRICS_ANSWER, id: message.id, text }),
      (error: Error) => worker.send({ type: METRICS_ANSWER, id: message.id, error: error.message }),
    );
  });
  if (port !== undefined) serveMetricsPort(port, host, () => aggregator.clusterMetrics());
}
