import { ESLint } from 'eslint';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cycles, importGraph } from '../../scripts/lib/import-cycles';

// The project's own ESLint configuration, run on sources that are never written to disk.
const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '../..') });

/** `line: message` of each layer error: the import rule for static imports, the syntax rule for the rest. */
async function layerErrors(file: string, ...lines: string[]): Promise<string[]> {
  const [result] = await eslint.lintText(lines.join('\n') + '\n', { filePath: file });
  expect(result!.messages.filter((m) => m.fatal)).toEqual([]);
  return result!.messages
    .filter((m) => /(no-restricted-imports|no-restricted-syntax)$/.test(m.ruleId ?? ''))
    .map((m) => `${m.line}: ${m.message}`);
}

// The first lint loads the whole configuration (typescript-eslint, Astro's parser): slow on a busy machine.
describe('ESLint keeps the layers apart', { timeout: 120_000 }, () => {
  it('fails on an import of src/server from src/domain, even a type-only one', async () => {
    const errors = await layerErrors(
      'src/domain/layer-fixture.ts',
      "import { getDb } from '../server/db/client';",
      "import type { Viewer } from '../server/auth/viewer-type';",
      "import { formatRupiah } from '../lib/format';",
      "import { TIERS } from './tiers';",
      'export const x = [getDb, formatRupiah, TIERS] as const;',
      'export type V = Viewer;',
    );
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(/^1: .*src\/domain is pure/);
    expect(errors[1]).toMatch(/^2: /);
  });

  it('fails on astro:*, Node built-ins and drizzle-orm in src/domain', async () => {
    const errors = await layerErrors(
      'src/domain/layer-fixture.ts',
      "import { defineMiddleware } from 'astro:middleware';",
      "import { readFileSync } from 'node:fs';",
      "import { createHash } from 'crypto';",
      "import { eq } from 'drizzle-orm';",
      "import { pgTable } from 'drizzle-orm/pg-core';",
      "import { addDays } from 'date-fns/addDays';",
      'export const m = [defineMiddleware, readFileSync, createHash, eq, pgTable, addDays];',
    );
    expect(errors.map((e) => e.split(':')[0])).toEqual(['1', '2', '3', '4', '5']);
  });

  it("fails on date-fns' index in src/domain (one module per function)", async () => {
    const errors = await layerErrors(
      'src/domain/layer-fixture.ts',
      "import { addDays } from 'date-fns';",
      "import { addMonths } from 'date-fns/addMonths';",
      'export const m = [addDays, addMonths];',
    );
    expect(errors.map((e) => e.split(':')[0])).toEqual(['1']);
  });

  it('lets a domain test read files but not import the server', async () => {
    const errors = await layerErrors(
      'src/domain/layer-fixture.test.ts',
      "import { readFileSync } from 'node:fs';",
      "import { getDb } from '../server/db/client';",
      'export const t = [readFileSync, getDb];',
    );
    expect(errors).toEqual([expect.stringMatching(/^2: .*src\/domain is pure/)]);
  });

  it('fails on an import of src/stores or src/components from src/domain', async () => {
    const errors = await layerErrors(
      'src/domain/layer-fixture.ts',
      "import { $hideAmounts } from '../stores/privacy';",
      "import type { BandChart } from '../components/analysis/BandChart';",
      'export const s = $hideAmounts;',
      'export type B = typeof BandChart;',
    );
    expect(errors.map((e) => e.split(':')[0])).toEqual(['1', '2']);
  });

  it('fails on import() and import(…) types across layers, which the import rule does not see', async () => {
    const domain = await layerErrors(
      'src/domain/layer-fixture.ts',
      "export const load = () => import('../server/db/client');",
      "export type V = import('../server/auth/viewer-type').Viewer;",
      "export const fs = () => import('node:fs');",
      "export const ok = () => import('./tiers');",
    );
    expect(domain.map((e) => e.split(':')[0])).toEqual(['1', '2', '3']);
    // Components may name a server type, but an import() loads the module itself.
    const components = await layerErrors(
      'src/components/portfolio/LayerFixture.tsx',
      "export type V = import('../../server/auth/viewer-type').Viewer;",
      "export const load = () => import('../../server/db/client');",
      "export const chart = () => import('lightweight-charts');",
    );
    expect(components).toEqual([expect.stringMatching(/^2: .*no server values/)]);
  });

  it('lets src/lib import domain and server types but no values, and no components', async () => {
    const errors = await layerErrors(
      'src/lib/layer-fixture.ts',
      "import type { Tier } from '../domain/tiers';",
      "import type { Viewer } from '../server/auth/viewer-type';",
      "import { TIERS } from '../domain/tiers';",
      "import { getDb } from '../server/db/client';",
      "import { Money } from '../components/ui/Money';",
      "import { readFileSync } from 'node:fs';",
      'export const x = (t: Tier, v: Viewer) => [t, v, TIERS, getDb, Money, readFileSync];',
    );
    expect(errors.map((e) => e.split(':')[0])).toEqual(['3', '4', '5', '6']);
    expect(errors[0]).toMatch(/src\/lib is shared/);
  });

  it('lets components import server types but not server values, pages or layouts', async () => {
    const errors = await layerErrors(
      'src/components/portfolio/LayerFixture.tsx',
      "import type { Viewer } from '../../server/auth/viewer-type';",
      "import { getDb } from '../../server/db/client';",
      "import BaseLayout from '../../layouts/BaseLayout.astro';",
      "import { $hideAmounts } from '../../stores/privacy';",
      'export const f = (v: Viewer) => [v, getDb, BaseLayout, $hideAmounts];',
    );
    expect(errors).toEqual([
      expect.stringMatching(/^2: .*no server values/),
      expect.stringMatching(/^3: .*no pages or layouts/),
    ]);
  });

  it('fails on an import of a component or a store from src/server', async () => {
    const errors = await layerErrors(
      'src/server/services/layer-fixture.ts',
      "import type { BandChart } from '../../components/analysis/BandChart';",
      "import type { CourseProgressState } from '../../stores/course-progress';",
      'export type B = [typeof BandChart, CourseProgressState];',
    );
    expect(errors).toEqual([
      expect.stringMatching(/^1: .*imports no pages, layouts, components or stores/),
      expect.stringMatching(/^2: /),
    ]);
  });

  it('keeps src/stores to src/lib and src/domain', async () => {
    const errors = await layerErrors(
      'src/stores/layer-fixture.ts',
      "import type { Viewer } from '../server/auth/viewer-type';",
      "import { Money } from '../components/ui/Money';",
      "import { readFileSync } from 'node:fs';",
      "import { formatRupiah } from '../lib/format';",
      "import { TIERS } from '../domain/tiers';",
      "export const load = () => import('../server/db/client');",
      'export const x = (v: Viewer) => [v, Money, readFileSync, formatRupiah, TIERS];',
    );
    expect(errors.map((e) => e.split(':')[0])).toEqual(['1', '2', '3', '6']);
    expect(errors[0]).toMatch(/src\/stores holds browser state/);
  });

  it('fails on a deep import into a service folder from outside it, not on its index or from a sibling folder', async () => {
    const page = await layerErrors(
      'src/pages/api/layer-fixture.ts',
      "import { listTransactions } from '../../server/services/portfolio/list';",
      "import { holdingPage } from '../../server/services/portfolio';",
      'export const x = [listTransactions, holdingPage];',
    );
    expect(page).toEqual([expect.stringMatching(/^1: .*through its index\.ts/)]);
    const server = await layerErrors(
      'src/server/auth/layer-fixture.ts',
      "import { findUserById } from '../services/accounts/accounts';",
      'export const x = findUserById;',
    );
    expect(server).toEqual([expect.stringMatching(/^1: .*through its index\.ts/)]);
    const test = await layerErrors(
      'tests/integration/layer-fixture.test.ts',
      "import { findUserById } from '../../src/server/services/accounts/accounts';",
      'export const x = findUserById;',
    );
    expect(test).toEqual([expect.stringMatching(/^1: .*through its index\.ts/)]);
    const sibling = await layerErrors(
      'src/server/services/admin/layer-fixture.ts',
      "import { findUserById } from '../accounts/accounts';",
      'export const x = findUserById;',
    );
    expect(sibling).toEqual([]);
  });

  it('lets pages import any layer', async () => {
    const errors = await layerErrors(
      'src/pages/api/layer-fixture.ts',
      "import { getDb } from '../../server/db/client';",
      "import { $hideAmounts } from '../../stores/privacy';",
      "import { TIERS } from '../../domain/tiers';",
      'export const x = [getDb, $hideAmounts, TIERS];',
    );
    expect(errors).toEqual([]);
  });
});

describe('the cycle check (npm run lint) finds import cycles', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'telaah-cycles-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  const write = (file: string, code: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), code);
  };

  it('through type-only imports, import() and .astro frontmatter, not through packages', () => {
    write('src/domain/a.ts', "import type { B } from '../lib/b';\nexport type A = B | 'a';\n");
    write('src/lib/b.ts', "export type B = import('../domain/a').A[];\n");
    write('src/server/c.ts', "export const c = () => import('./d');\n");
    write('src/server/d.ts', "export { c } from './c';\nimport 'typescript';\n");
    write('src/components/E.astro', "---\nimport { f } from './f';\n---\n<p>{f}</p>\n");
    write('src/components/f.ts', "import E from './E.astro';\nexport const f = E;\n");
    write('src/lib/alone.ts', "import type { B } from './b';\nexport type C = B;\n");

    const found = cycles(importGraph(root));
    expect(found).toHaveLength(3);
    expect(found).toEqual(
      expect.arrayContaining([
        ['src/domain/a.ts', 'src/lib/b.ts'],
        ['src/components/E.astro', 'src/components/f.ts'],
        ['src/server/c.ts', 'src/server/d.ts'],
      ]),
    );
  });
});
