import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, createTestDatabase } from '../../test/helpers.ts';
import { type Database, queryRows, statement } from './client.ts';

/** A statement of the request path's kind: scalars, an array and a null, each a placeholder. */
const matching = statement<{ word: string; n: number; nothing: string | null }>(sql`
  select w as word, ${sql.placeholder('n')}::int as n, ${sql.placeholder('nothing')}::text as nothing
  from unnest(array['ana', 'juan', 'maría']) as w
  where array[w] <@ ${sql.placeholder('words')}::text[]
  order by w`);

describe.each(BACKENDS)('statements built once (%s)', (backend) => {
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
  });
  afterAll(() => database?.close());

  it('binds each call its own values, arrays and nulls included', async () => {
    const first = await matching(database.db, { n: 1, nothing: null, words: ['ana', 'maría'] });
    const second = await matching(database.db, { n: 2, nothing: 'x', words: ['juan'] });
    expect(first).toEqual([
      { word: 'ana', n: 1, nothing: null },
      { word: 'maría', n: 1, nothing: null },
    ]);
    expect(second).toEqual([{ word: 'juan', n: 2, nothing: 'x' }]);
  });

  it('runs inside a transaction, on its connection', async () => {
    const rows = await database.db.transaction(async (tx) => {
      await queryRows(tx, sql`create temporary table marca (x int) on commit drop`);
      return matching(tx, { n: 3, nothing: null, words: ['juan'] });
    });
    expect(rows).toEqual([{ word: 'juan', n: 3, nothing: null }]);
  });

  it('answers many calls at once, each with its own values', async () => {
    const words = ['ana', 'juan', 'maría'];
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        matching(database.db, { n: i, nothing: null, words: [words[i % 3]!] }),
      ),
    );
    answers.forEach((rows, i) => {
      expect(rows).toEqual([{ word: words[i % 3], n: i, nothing: null }]);
    });
  });
});
