import { buffer } from 'node:stream/consumers';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvStream } from './csv-export.ts';

async function* once<T>(rows: T[]) {
  yield rows;
}

describe('csvStream', () => {
  const columns = [{ header: 'Nota', value: (r: { nota: string | null }) => r.nota }];

  it('quotes a cell holding a line break of either kind, so a reader keeps it one cell', async () => {
    const rows = [{ nota: 'primera línea\nsegunda' }, { nota: 'con retorno\r' }, { nota: 'sola' }];
    const file = (await buffer(csvStream(once(rows), columns, {}))).toString();
    expect(file).toBe('\uFEFFNota\r\n"primera línea\nsegunda"\r\n"con retorno\r"\r\nsola\r\n');
    expect(parse(file, { bom: true, columns: true })).toEqual([
      { Nota: 'primera línea\nsegunda' },
      { Nota: 'con retorno\r' },
      { Nota: 'sola' },
    ]);
  });

  it('neutralises cells a spreadsheet would run as formulas, and counts the rows', async () => {
    let end: unknown;
    const rows = [{ nota: '=1+1' }, { nota: '-2' }, { nota: null }];
    const file = csvStream(once(rows), columns, {
      separator: ';',
      onEnd: async (result) => {
        end = result;
      },
    });
    expect((await buffer(file)).toString()).toBe("\uFEFFNota\r\n'=1+1\r\n'-2\r\n\r\n");
    expect(end).toEqual({ rows: 3, complete: true });
  });
});
