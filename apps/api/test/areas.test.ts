import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The areas table of docs/architecture.md is the product's vocabulary: each area's contracts and
 * messages files, API module, URL prefixes, web feature and screens. These checks hold the tree
 * to it, as Biome holds the layers to their doors.
 */

const ROOT = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

interface Area {
  area: string;
  contracts: string[];
  messages: string[];
  modules: string[];
  prefixes: string[];
  feature: string[];
  screens: string[];
}

/** The backticked names of a cell ('—' for none). */
const names = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);

function areasTable(): Area[] {
  const doc = read('docs/architecture.md');
  const section = doc.slice(doc.indexOf('### The areas'));
  const rows = section
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| area ') && !line.startsWith('|---'));
  const table: Area[] = [];
  for (const row of rows) {
    const cells = row.split(' | ').map((c) => c.replace(/^\| |\s*\|$/g, '').trim());
    if (cells.length !== 8) break;
    const [area, , contracts, messages, modules, prefixes, feature, screens] = cells as [string, ...string[]];
    table.push({
      area,
      contracts: names(contracts!),
      messages: names(messages!),
      modules: names(modules!),
      prefixes: names(prefixes!),
      feature: names(feature!),
      screens: names(screens!),
    });
  }
  return table;
}

/** The shared files the paragraph after the table lists, contracts and messages apart. */
function sharedFiles() {
  const doc = read('docs/architecture.md');
  const paragraph = doc.slice(
    doc.indexOf('Shared by every area'),
    doc.indexOf('\n\n', doc.indexOf('Shared by every area')),
  );
  const [contracts, messages] = paragraph.split('in the messages');
  return { contracts: names(contracts!), messages: names(messages!) };
}

const dirs = (folder: string) =>
  readdirSync(path.join(ROOT, folder), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
const sources = (folder: string) =>
  readdirSync(path.join(ROOT, folder))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'index.ts')
    .sort();

/** Each `inArea('<area>', <routes>), { prefix }` of app.ts, with the module its routes file is in. */
function registrations() {
  const app = read('apps/api/src/app.ts');
  const moduleOf = new Map(
    [...app.matchAll(/import (\w+) from '\.\/modules\/([\w-]+)\/[\w.-]+\.routes\.ts';/g)].map((m) => [
      m[1]!,
      m[2]!,
    ]),
  );
  return [...app.matchAll(/inArea\('([\w-]+)', (\w+)\), \{ prefix: '([^']+)' \}/g)].map((m) => ({
    area: m[1]!,
    module: moduleOf.get(m[2]!),
    prefix: `/api${m[3]}`,
  }));
}

describe('the areas table', () => {
  const table = areasTable();
  const column = (key: keyof Omit<Area, 'area'>) => new Set(table.flatMap((a) => a[key]));

  it('is read whole: one row per area, each named once', () => {
    expect(table.length).toBeGreaterThan(10);
    expect(new Set(table.map((a) => a.area)).size).toBe(table.length);
  });

  it('names only folders and files that exist', () => {
    for (const a of table) {
      for (const f of a.contracts)
        expect(existsSync(path.join(ROOT, 'packages/contracts/src', f)), f).toBe(true);
      for (const f of a.messages)
        expect(existsSync(path.join(ROOT, 'packages/contracts/src/messages', f)), f).toBe(true);
      for (const m of a.modules) expect(existsSync(path.join(ROOT, 'apps/api/src/modules', m)), m).toBe(true);
      for (const w of a.feature)
        expect(existsSync(path.join(ROOT, 'apps/web/src/features', w)), w).toBe(true);
    }
  });

  it('names every API module, web feature, contracts file and messages file there is', () => {
    const shared = sharedFiles();
    expect(dirs('apps/api/src/modules')).toEqual([...column('modules')].sort());
    expect(dirs('apps/web/src/features')).toEqual([...column('feature')].sort());
    expect(sources('packages/contracts/src')).toEqual([...column('contracts'), ...shared.contracts].sort());
    expect(sources('packages/contracts/src/messages')).toEqual(
      [...column('messages'), ...shared.messages].sort(),
    );
  });

  it("gives each area's name to its API module and web feature, where it has them", () => {
    for (const a of table) {
      if (a.modules.length) expect(a.modules, a.area).toContain(a.area);
      if (a.feature.length) expect(a.feature, a.area).toEqual([a.area]);
      if (a.contracts.length) expect(a.contracts, a.area).toContain(`${a.area}.ts`);
    }
  });

  it("is the route map: app.ts registers each area's routes, from its module, under the area's prefixes", () => {
    const registered = registrations();
    expect(registered.length).toBeGreaterThan(10);
    for (const r of registered) {
      const row = table.find((a) => a.area === r.area);
      expect(row, r.area).toBeDefined();
      expect(row!.modules, `${r.area} ${r.prefix}`).toContain(r.module);
      expect(row!.prefixes, r.area).toContain(r.prefix);
    }
    for (const a of table)
      for (const prefix of a.prefixes)
        expect(
          registered.some((r) => r.area === a.area && r.prefix === prefix),
          `${a.area} ${prefix}`,
        ).toBe(true);
  });

  it("lists every screen of the web's route map under the area it belongs to", () => {
    const paths = read('apps/web/src/lib/paths.ts');
    const block = paths.slice(paths.indexOf('export const PATHS = {'), paths.indexOf('} as const;'));
    const screens = [...block.matchAll(/: '([^']+)'/g)].map((m) => m[1]!).sort();
    expect([...column('screens')].sort()).toEqual(screens);
  });
});

describe('the decision records index', () => {
  it('lists every record with its title, status and date as the record gives them', () => {
    const folder = path.join(ROOT, 'docs/decisions');
    const index = read('docs/decisions/README.md');
    const records = readdirSync(folder).filter((f) => /^\d{3}-.*\.md$/.test(f));
    expect(records.length).toBeGreaterThan(50);
    for (const file of records) {
      const text = readFileSync(path.join(folder, file), 'utf8');
      const title = text.split('\n')[0]!.replace(/^# \d{3} — /, '');
      const status = text.match(/^Status: (.+)$/m)?.[1];
      const date = text.match(/^Date: (\d{4}-\d{2}-\d{2})$/m)?.[1];
      expect(status, file).toBeDefined();
      expect(date, file).toBeDefined();
      expect(index, file).toContain(`| ${file.slice(0, 3)} | [${title}](${file}) | ${status} | ${date} |`);
    }
  });
});
