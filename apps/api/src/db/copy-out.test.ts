import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { finished } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, createTestDatabase } from '../../test/helpers.ts';
import { csvFromCopy, csvStream } from '../lib/csv-export.ts';
import { writtenDay } from '../lib/written-dates.ts';
import { type Database, queryRows } from './client.ts';
import { copyCsvOut, copyDay, copyText, inlineParams } from './copy-out.ts';

// Cells a spreadsheet or a CSV reader could get wrong: formulas, quotes, both
// separators, line breaks, empty and missing cells, accents.
const NAMES = [
  '=SUMA(A1:A9)',
  '+54 11 4000-0000',
  '-',
  '@usuario',
  '\tcon tabulador',
  'Dice "hola"',
  'uno;dos',
  'uno,dos',
  'primera línea\nsegunda línea',
  'retorno\r',
  '"',
  '',
  null,
  'Begoña Ibáñez',
];
const DAYS = ['2024-02-29', null, '1901-01-01'];

/** Stops a COPY and waits until its connection is given back. */
async function discard(copy: Readable | null) {
  if (!copy) return;
  copy.destroy();
  await finished(copy).catch(() => {});
}

describe.runIf(BACKENDS.includes('postgres'))('CSV written by COPY (postgres)', () => {
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(() => database?.close());

  /** The test's rows, their values sent as parameters: the COPY gets them written in. */
  const rowsQuery = (cells: 'copy' | 'plain') => {
    const values = NAMES.map(
      (name, i) => sql`(${i}::int, ${name}::text, ${DAYS[i % DAYS.length] ?? null}::date)`,
    );
    const from = sql`from (values ${sql.join(values, sql`, `)}) t(orden, nombre, dia) order by orden`;
    return cells === 'copy'
      ? sql`select ${copyText(sql`nombre`)}, ${copyDay(sql`dia`)} ${from}`
      : sql`select nombre, dia::text as dia ${from}`;
  };

  const columns = [
    { header: 'Nombre', value: (r: { nombre: string | null }) => r.nombre },
    { header: 'Día', value: (r: { dia: string | null }) => writtenDay(r.dia) },
  ];

  async function bothFiles(separator: ',' | ';') {
    const ends: { rows: number; complete: boolean }[] = [];
    const onEnd = async (end: { rows: number; complete: boolean }) => {
      ends.push(end);
    };
    const rows = await queryRows<{ nombre: string | null; dia: string | null }>(
      database.db,
      rowsQuery('plain'),
    );
    async function* batches() {
      yield rows;
    }
    const fromBatches = csvStream(batches(), columns, { separator, onEnd });
    const fromCopy = csvFromCopy(
      () => copyCsvOut(database.db, rowsQuery('copy'), separator),
      () => {
        throw new Error('COPY was expected to serve');
      },
      columns.map((c) => c.header),
      { separator, onEnd },
    );
    return {
      batches: (await buffer(fromBatches)).toString(),
      copy: (await buffer(fromCopy)).toString(),
      ends,
    };
  }

  it('writes, byte for byte, the file the batches write, with either separator', async () => {
    for (const separator of [',', ';'] as const) {
      const files = await bothFiles(separator);
      expect(files.copy).toBe(files.batches);
      expect(files.copy.startsWith(`\uFEFFNombre${separator}Día\r\n`)).toBe(true);
      expect(files.copy).toContain(`'=SUMA(A1:A9)`);
      expect(files.ends).toEqual([
        { rows: NAMES.length, complete: true },
        { rows: NAMES.length, complete: true },
      ]);
    }
  });

  it('writes parameters in as literals PostgreSQL reads back unchanged', async () => {
    const tricky = ["O'Brien \\ $2 $$ E'\\n'", 42, -0.5, true, null, ['a"b', 'c\\d', 'e,f', '{x}', 'ñ', "'"]];
    const query = sql`select ${tricky[0]}::text as a, ${tricky[1]}::int as b, ${tricky[2]}::numeric::text as c,
      ${tricky[3]}::boolean as d, ${tricky[4]}::text as e, ${sql.param(tricky[5])}::text[] as f`;
    const { dialect } = database.db as unknown as {
      dialect: { sqlToQuery(q: typeof query): { sql: string; params: unknown[] } };
    };
    const built = dialect.sqlToQuery(query);
    const inlined = await queryRows(database.db, sql.raw(inlineParams(built.sql, built.params)));
    const bound = await queryRows(database.db, query);
    expect(inlined).toEqual(bound);
    expect(inlined[0]).toMatchObject({ a: tricky[0], b: 42, f: tricky[5] });
  });

  it('refuses a parameter it cannot write as a literal', () => {
    expect(() => inlineParams('select $1', [{ a: 1 }])).toThrow(TypeError);
    expect(() => inlineParams('select $1', [Number.NaN])).toThrow(TypeError);
    expect(() => inlineParams('select $1', [new Date()])).toThrow(TypeError);
    expect(() => inlineParams('select $1, $2', ['uno'])).toThrow(RangeError);
    expect(() => inlineParams('select $0', ['uno'])).toThrow(RangeError);
  });

  it('stops the COPY and frees its connection when the client goes away half-way', async () => {
    let end: { rows: number; complete: boolean } | undefined;
    const big = sql`select ${copyText(sql`'Nombre ' || n`)} from generate_series(1, 2000000) n`;
    const file = csvFromCopy(
      () => copyCsvOut(database.db, big, ','),
      () => {
        throw new Error('COPY was expected to serve');
      },
      ['Nombre'],
      {
        onEnd: async (result) => {
          end = result;
        },
      },
    );
    // Past the header and well into the rows, then gone.
    let received = 0;
    for await (const chunk of file) {
      received += (chunk as Buffer).length;
      if (received > 1 << 20) break;
    }
    await expect.poll(() => end, { timeout: 10_000 }).toBeDefined();
    expect(end!.complete).toBe(false);
    expect(end!.rows).toBeGreaterThan(0);
    expect(end!.rows).toBeLessThan(2_000_000);
    // The abandoned COPY's backend is gone, not left writing to nobody.
    await expect
      .poll(
        async () =>
          (
            await queryRows<{ n: number }>(
              database.db,
              sql`select count(*)::int as n from pg_stat_activity
                  where datname = current_database() and query like 'copy (%' and pid <> pg_backend_pid()`,
            )
          )[0]!.n,
        { timeout: 10_000 },
      )
      .toBe(0);
    // And the pool still answers.
    expect(await queryRows(database.db, sql`select 1 as uno`)).toEqual([{ uno: 1 }]);
  });

  it('gives the connection back when the client goes away before the COPY starts', async () => {
    let end: { rows: number; complete: boolean } | undefined;
    let opened: Readable | null = null;
    const file = csvFromCopy(
      async () => {
        // The client leaves while the connection is being found.
        await Promise.resolve();
        file.destroy();
        opened = await copyCsvOut(database.db, sql`select n from generate_series(1, 500000) n`, ',');
        return opened;
      },
      () => {
        throw new Error('COPY was expected to serve');
      },
      ['n'],
      {
        onEnd: async (result) => {
          end = result;
        },
      },
    );
    await expect.poll(() => end, { timeout: 5_000 }).toEqual({ rows: 0, complete: false });
    expect(opened).not.toBeNull();
    // Both slots are free again: two COPYs open at once.
    await expect
      .poll(
        async () => {
          const both = [
            await copyCsvOut(database.db, sql`select 1`, ','),
            await copyCsvOut(database.db, sql`select 1`, ','),
          ];
          for (const copy of both) await discard(copy);
          return both.every((copy) => copy !== null);
        },
        { timeout: 5_000 },
      )
      .toBe(true);
  });

  it('leaves the export to the batches while two COPYs hold their connections', async () => {
    const open = () => copyCsvOut(database.db, sql`select n from generate_series(1, 500000) n`, ',');
    const first = (await open()) as Readable;
    const second = (await open()) as Readable;
    expect(first).not.toBeNull();
    expect(second).not.toBeNull();
    expect(await open()).toBeNull();
    await discard(first);
    await discard(second);
    // Once they are gone, COPY serves again.
    await expect
      .poll(
        async () => {
          const again = await open();
          await discard(again);
          return again !== null;
        },
        { timeout: 5_000 },
      )
      .toBe(true);
  });
});
