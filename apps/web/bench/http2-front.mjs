// The benchmark's stand-in for a TLS load balancer in front of the app: it speaks HTTP/2 to the
// browser, as a deployment behind one usually does to phones, and HTTP/1.1 to the app, as the app
// speaks. Its certificate is made for the run (openssl) and trusted only by the benchmark's
// browser (--ignore-certificate-errors).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Headers that belong to one connection, not to the request or the answer. */
const CONNECTION_HEADERS = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'http2-settings',
]);

/** A key and a certificate for 127.0.0.1, valid for a day. */
export function selfSignedCertificate() {
  const dir = mkdtempSync(path.join(tmpdir(), 'red-dental-tls-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** An HTTP/2 (TLS) server on a free port of 127.0.0.1 passing every request to `target` (http://host:port). */
export async function startHttp2Front(target, certificate = selfSignedCertificate()) {
  const { hostname, port } = new URL(target);
  const server = http2.createSecureServer(certificate, (req, res) => {
    const headers = {};
    for (const [name, value] of Object.entries(req.headers))
      if (!name.startsWith(':') && !CONNECTION_HEADERS.has(name)) headers[name] = value;
    headers.host = `${hostname}:${port}`;
    const upstream = http.request(
      { hostname, port, method: req.method, path: req.url, headers },
      (answer) => {
        const answerHeaders = {};
        for (const [name, value] of Object.entries(answer.headers))
          if (!CONNECTION_HEADERS.has(name)) answerHeaders[name] = value;
        res.writeHead(answer.statusCode ?? 502, answerHeaders);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

/** The tile stand-in's handler served over HTTP/2 too, so the secure page's map asks for no insecure image. */
export async function startHttp2Server(handler, certificate = selfSignedCertificate()) {
  const server = http2.createSecureServer(certificate, handler);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}
