import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

/*
 * An empty Fastify route in a process of its own, for the search benchmark's R_http (the cost of HTTP alone): it
 * answers GET /api/afiliados/paginated with the API's own answer for that search, read from
 * ANSWERS_FILE before it listens, so that what is left is HTTP, routing, the query string and the
 * serialisation of the same JSON. Like the API, it runs apart from the load generator's event loop.
 */

const answers = new Map(
  Object.entries(JSON.parse(readFileSync(process.env.ANSWERS_FILE!, 'utf8')) as Record<string, unknown>),
);
const empty = { rows: [], rowCount: 0 };

const app = Fastify({ logger: false });
app.get('/api/afiliados/paginated', async (request) => {
  const { search = '' } = request.query as { search?: string };
  return answers.get(search) ?? empty;
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('listening');
