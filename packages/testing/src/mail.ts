import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export interface Mail {
  /** The recipient's address, without any display name. */
  to: string;
  subject: string;
  /** The plain-text part, decoded. */
  text: string;
  /** Every http(s) address in the text, in order. */
  links: string[];
}

/**
 * The mails the server wrote under DATA_DIR/mail (one .eml file per message
 * when SMTP_URL is not set), oldest first: the files are named by outbox id.
 */
export async function readMails(dataDir: string): Promise<Mail[]> {
  const dir = path.join(dataDir, 'mail');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  const raw = await Promise.all(files.map((f) => readFile(path.join(dir, f), 'utf8')));
  return raw.map(parseMail);
}

/** Reads one message as nodemailer writes it: headers, then a text part (alone or beside an HTML one). */
export function parseMail(raw: string): Mail {
  const { headers, body } = splitHeaders(raw);
  const to = headers.get('to') ?? '';
  const text = plainText(headers, body);
  return {
    to: (/<([^>]+)>/.exec(to)?.[1] ?? to).trim(),
    subject: decodeEncodedWords(headers.get('subject') ?? ''),
    text,
    links: text.match(/https?:\/\/[^\s"<>]+/g) ?? [],
  };
}

function splitHeaders(raw: string) {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  // A header line starting with blanks continues the previous header (folding).
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function plainText(headers: Map<string, string>, body: string): string {
  const contentType = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary) return decodeBody(body, headers.get('content-transfer-encoding'));
  for (const part of body.split(`--${boundary}`).slice(1)) {
    const { headers: partHeaders, body: partBody } = splitHeaders(part.replace(/^\n/, ''));
    if ((partHeaders.get('content-type') ?? '').startsWith('text/plain')) {
      return decodeBody(partBody.replace(/\n$/, ''), partHeaders.get('content-transfer-encoding'));
    }
  }
  return '';
}

function decodeBody(body: string, encoding = '7bit'): string {
  switch (encoding.toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    case 'base64':
      return Buffer.from(body, 'base64').toString('utf8');
    default:
      return body;
  }
}

/** Undoes soft line breaks, then turns each run of =XX escapes into UTF-8 text (a character may span several). */
function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/(=[0-9A-Fa-f]{2})+/g, (run) =>
    Buffer.from(
      run
        .split('=')
        .slice(1)
        .map((hex) => Number.parseInt(hex, 16)),
    ).toString('utf8'),
  );
}

/** Subjects with accents come as =?UTF-8?Q?…?= or =?UTF-8?B?…?= words; blanks between two such words are dropped. */
function decodeEncodedWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}
