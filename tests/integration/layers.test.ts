import { ESLint } from 'eslint';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The project's own ESLint configuration, run on sources that are never written to disk.
const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '../..') });

async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: file });
  return result!.messages
    .filter((m) => /no-restricted-imports$/.test(m.ruleId ?? ''))
    .map((m) => `${m.line}: ${m.message}`);
}

// The first lint loads the whole configuration (typescript-eslint, Astro's parser): slow on a busy machine.
describe('ESLint keeps the layers apart', { timeout: 120_000 }, () => {
  it('fails on an import of src/server from src/domain, even a type-only one', async () => {
    const errors = await layerErrors(
      'src/domain/layer-fixture.ts',
      [
        "import { getDb } from '../server/db/client';",
        "import type { Viewer } from '../server/auth/viewer';",
        "import { formatRupiah } from '../lib/format';",
        'export const x = [getDb, formatRupiah] as const;',
        'export type V = Viewer;',
      ].join('\n'),
    );
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(/^1: .*src\/domain is pure/);
    expect(errors[1]).toMatch(/^2: /);
  });

  it('fails on astro:* in src/domain', async () => {
    const errors = await layerErrors(
      'src/domain/layer-fixture.ts',
      "import { defineMiddleware } from 'astro:middleware';\nexport const m = defineMiddleware;\n",
    );
    expect(errors).toHaveLength(1);
  });

  it('lets components import server types but not server values', async () => {
    const errors = await layerErrors(
      'src/components/portfolio/LayerFixture.tsx',
      [
        "import type { Viewer } from '../../server/auth/viewer';",
        "import { getDb } from '../../server/db/client';",
        'export const f = (v: Viewer) => [v, getDb];',
      ].join('\n'),
    );
    expect(errors).toEqual([expect.stringMatching(/^2: .*no server values/)]);
  });

  it('fails on an import of a component from src/server', async () => {
    const errors = await layerErrors(
      'src/server/services/layer-fixture.ts',
      "import type { BandChart } from '../../components/analysis/BandChart';\nexport type B = typeof BandChart;\n",
    );
    expect(errors).toEqual([expect.stringMatching(/^1: .*imports no pages, layouts or components/)]);
  });
});
