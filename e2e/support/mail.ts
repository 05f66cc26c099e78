import { expect } from '@playwright/test';
import { readMails } from '@red-dental/testing';
import { DATA_DIR } from './env.ts';

/**
 * Waits for the server to write a mail for `to` (an .eml file under
 * DATA_DIR/mail, as it does without SMTP) and returns the first link of the
 * newest such mail that matches `linkPattern`. With `count`, waits until that
 * many such mails have been written (a link asked for again arrives after the
 * first one, which it replaces).
 */
export async function waitForMailLink(to: string, linkPattern: RegExp, count = 1): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const links = (await readMails(DATA_DIR))
          .filter((m) => m.to.toLowerCase() === to.toLowerCase())
          .map((m) => m.text.match(linkPattern)?.[0])
          .filter((found): found is string => found !== undefined);
        link = links.at(-1);
        return links.length >= count;
      },
      {
        message: `${count} mail(s) to ${to} with a link like ${linkPattern}`,
        timeout: 20_000,
        intervals: [250, 500, 1000],
      },
    )
    .toBe(true);
  return link!;
}

/** Waits for a mail to `to` whose text contains `text`. */
export async function waitForMailWith(to: string, text: string): Promise<void> {
  await expect
    .poll(
      async () =>
        (await readMails(DATA_DIR)).some(
          (m) => m.to.toLowerCase() === to.toLowerCase() && m.text.includes(text),
        ),
      { message: `a mail to ${to} saying "${text}"`, timeout: 20_000, intervals: [250, 500, 1000] },
    )
    .toBe(true);
}
