/**
 * The programs that run outside Astro's build — the command-line tools under scripts/ (run by tsx) and the
 * server programs (bundled by scripts/lib/serving-integration.ts) — cannot load `astro:content`,
 * `astro:env` or any other `astro:*` module: Node refuses them at start with ERR_UNSUPPORTED_ESM_URL_SCHEME.
 * A folder's index.ts that also names a page's service reaches one easily, so each program's import graph
 * is followed here, as esbuild bundles it, and must not reach any.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PROGRAMS = readdirSync(path.join(ROOT, 'scripts'))
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  .map((f) => `scripts/${f}`);

/** Every `astro:*` import the program's graph reaches, as "importer -> module". */
async function astroModulesReached(entry: string): Promise<string[]> {
  const reached: string[] = [];
  await build({
    entryPoints: [path.join(ROOT, entry)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    write: false,
    logLevel: 'silent',
    plugins: [
      {
        name: 'record-astro-modules',
        setup(b) {
          b.onResolve({ filter: /^astro:/ }, (args) => {
            reached.push(`${path.relative(ROOT, args.importer)} -> ${args.path}`);
            return { path: args.path, external: true };
          });
        },
      },
    ],
  });
  return reached;
}

describe('programs run outside Astro', () => {
  it('include the tools and both server programs', () => {
    expect(PROGRAMS).toEqual(
      expect.arrayContaining(['scripts/market-import.ts', 'scripts/start.ts', 'scripts/serve.ts']),
    );
  });

  it.each(PROGRAMS)('%s reaches no astro:* module', async (entry) => {
    expect(await astroModulesReached(entry)).toEqual([]);
  });

  it('would see one: a page service reached through the research index', async () => {
    // The research folder's index names the analysis list, which reads the content collections.
    expect(await astroModulesReached('src/server/services/research/index.ts')).toContain(
      'src/server/content/analyses.ts -> astro:content',
    );
  });
});
