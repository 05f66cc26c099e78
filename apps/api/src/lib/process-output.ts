import { setTimeout as sleep } from 'node:timers/promises';

/**
 * The server's standard output and error, whatever reads them: its log and
 * the lines it prints.
 *
 * The log goes through Node's own `process.stdout` rather than pino's default
 * destination. On a pipe, Node writes from the event loop without blocking:
 * a reader that stops reading only makes the writes wait in memory. pino's
 * default (an asynchronous sonic-boom on fd 1) instead writes from the thread
 * pool and flushes synchronously at exit, retrying for ever a write to a pipe
 * that is full or whose reader is gone, and a write stuck in the thread pool
 * keeps `process.exit` waiting for that thread: a server asked to stop stayed
 * alive. On a file or a terminal Node writes synchronously, as before.
 */
export const LOG_STREAM = process.stdout;

/** How long a stopping server waits for its output's reader to take what is left. */
const OUTPUT_FLUSH_MS = 2_000;

const OUTPUTS = [process.stdout, process.stderr];

/**
 * A reader that went away (EPIPE) neither crashes nor stops the server: what
 * it would have read is dropped from then on.
 */
export function dropOutputWithoutReader(): void {
  for (const output of OUTPUTS) output.on('error', () => {});
}

/**
 * Resolves once stdout and stderr have handed their reader all they hold, or
 * after `timeoutMs`: a reader that does not read keeps nobody waiting.
 */
export async function flushOutput(timeoutMs = OUTPUT_FLUSH_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const holding = () => OUTPUTS.some((output) => !output.destroyed && output.writableLength > 0);
  while (holding() && Date.now() < deadline) await sleep(20);
}
