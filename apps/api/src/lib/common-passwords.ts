import { readFileSync } from 'node:fs';
import { MESSAGES } from '@red-dental/contracts';
import { API_ROOT } from '../paths.ts';
import { badRequest } from './errors.ts';

/**
 * The passwords of at least 8 characters among the most common ones found in
 * breaches, in lower case, one a line, sorted by their UTF-8 bytes; where they
 * come from is in `data/common-passwords.json` (decision 056, rebuilt by
 * `scripts/build-common-passwords.mjs`).
 */
const LIST_URL = new URL('src/lib/data/common-passwords.txt', API_ROOT);
const NEWLINE = 0x0a;

let list: Buffer | undefined;

/** Read on first use and kept as one buffer (under 5 MB), searched in place: no strings, no Set. */
function loadList(): Buffer {
  list ??= readFileSync(LIST_URL);
  return list;
}

/** Whether `sorted` (lines sorted by their bytes, each ending in a newline) holds the line `key`. */
function hasLine(sorted: Buffer, key: Buffer): boolean {
  // lo and hi are always the start of a line (hi may be the end of the buffer).
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const start = mid === 0 ? 0 : sorted.lastIndexOf(NEWLINE, mid - 1) + 1;
    const newline = sorted.indexOf(NEWLINE, start);
    const end = newline === -1 ? sorted.length : newline;
    const order = Buffer.compare(sorted.subarray(start, end), key);
    if (order === 0) return true;
    if (order < 0) lo = end + 1;
    else hi = start;
  }
  return false;
}

/** Whether the password is on the list, whatever its case ('PassWord123' is 'password123'). */
export function isCommonPassword(password: string): boolean {
  return hasLine(loadList(), Buffer.from(password.toLowerCase(), 'utf8'));
}

/** Refuses a new password that is on the list: a 400 naming the form's field, so the form shows it there. */
export function assertNotCommonPassword(password: string, field: string): void {
  if (isCommonPassword(password))
    throw badRequest(MESSAGES.PASSWORD_COMMON, { [field]: MESSAGES.PASSWORD_COMMON });
}
