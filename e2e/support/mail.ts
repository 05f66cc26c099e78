import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import { DATA_DIR } from './env.ts';

/** Undoes quoted-printable soft line breaks and escapes, as mail bodies use them. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/**
 * Waits for the server to write a mail for `to` (an .eml file under
 * DATA_DIR/mail, as it does without SMTP) and returns the first link that
 * matches `linkPattern`.
 */
export async function waitForMailLink(to: string, linkPattern: RegExp): Promise<string> {
  const dir = path.join(DATA_DIR, 'mail');
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const files = await readdir(dir).catch(() => [] as string[]);
        for (const file of files
          .filter((f) => f.endsWith('.eml'))
          .sort()
          .reverse()) {
          const mail = decodeQuotedPrintable(await readFile(path.join(dir, file), 'utf8'));
          if (!mail.toLowerCase().includes(to.toLowerCase())) continue;
          link = mail.match(linkPattern)?.[0];
          if (link) return true;
        }
        return false;
      },
      {
        message: `a mail to ${to} with a link like ${linkPattern}`,
        timeout: 20_000,
        intervals: [250, 500, 1000],
      },
    )
    .toBe(true);
  return link!;
}
