import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadDataFile } from './load-data.ts';

const schema = z.array(z.object({ nombre: z.string(), peso: z.number().positive() }));

function writeData(name: string, content: string) {
  const file = join(mkdtempSync(join(tmpdir(), 'seed-data-')), name);
  writeFileSync(file, content);
  return { file, url: pathToFileURL(file) };
}

describe('loadDataFile', () => {
  it('returns the parsed data when the file matches its schema', () => {
    const { url } = writeData('ok.json', '[{"nombre": "Palermo", "peso": 6}]');
    expect(loadDataFile(url, schema)).toEqual([{ nombre: 'Palermo', peso: 6 }]);
  });

  it('names the file and the path of every bad value', () => {
    const { file, url } = writeData(
      'bad.json',
      '[{"nombre": "Palermo", "peso": 6}, {"nombre": 3, "peso": -1}]',
    );
    expect(() => loadDataFile(url, schema)).toThrow(file);
    expect(() => loadDataFile(url, schema)).toThrow(/at 1\.nombre: .*\n {2}at 1\.peso: /);
  });

  it('names the file when it is not JSON', () => {
    const { file, url } = writeData('broken.json', '[{"nombre": "Palermo",');
    expect(() => loadDataFile(url, schema)).toThrow(file);
  });
});
