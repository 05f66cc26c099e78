import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A stand-in for Nominatim on loopback: records each request and answers as `reply` says. */
export function startGeocoder() {
  const requests: { url: URL; userAgent: string | undefined; at: number }[] = [];
  let reply: (url: URL, res: ServerResponse) => void = (_url, res) => res.end('[]');
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://geocoder.test');
    requests.push({ url, userAgent: req.headers['user-agent'], at: Date.now() });
    res.setHeader('content-type', 'application/json');
    reply(url, res);
  });
  return new Promise<{
    url: string;
    requests: typeof requests;
    answer: (r: typeof reply) => void;
    close: () => void;
  }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        requests,
        answer: (r) => {
          reply = r;
        },
        close: () => {
          server.closeAllConnections();
          server.close();
        },
      }),
    ),
  );
}
