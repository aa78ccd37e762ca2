/**
 * The content check an editor meets: `astro sync` (which `astro check` and `astro build` run first) on a
 * copy of the project whose content folder holds one broken analysis must fail, naming the file and
 * the field. Each case runs in its own temporary project with the real content.config.ts.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const FIXTURES = path.join(ROOT, 'tests/fixtures/content');
const temps: string[] = [];

/** A throw-away project: src/ (without pages), `content` as content/, public/, and node_modules linked package by package. */
function project(content: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'telaah-content-'));
  temps.push(dir);
  cpSync(path.join(ROOT, 'src'), path.join(dir, 'src'), {
    recursive: true,
    filter: (f) => !f.startsWith(path.join(ROOT, 'src/pages')),
  });
  cpSync(content, path.join(dir, 'content'), { recursive: true });
  // Course covers are checked against public/covers/.
  cpSync(path.join(ROOT, 'public'), path.join(dir, 'public'), { recursive: true });
  cpSync(path.join(ROOT, 'tsconfig.json'), path.join(dir, 'tsconfig.json'));
  writeFileSync(path.join(dir, 'package.json'), '{ "type": "module" }\n');
  writeFileSync(
    path.join(dir, 'astro.config.mjs'),
    "import mdx from '@astrojs/mdx';\nexport default { integrations: [mdx()], vite: { optimizeDeps: { noDiscovery: true, include: [] } } };\n",
  );
  // Linking each package (not the folder) keeps Astro's and Vite's caches inside the temporary project.
  mkdirSync(path.join(dir, 'node_modules'));
  for (const name of readdirSync(path.join(ROOT, 'node_modules'))) {
    if (name.startsWith('.')) continue;
    symlinkSync(path.join(ROOT, 'node_modules', name), path.join(dir, 'node_modules', name));
  }
  return dir;
}

function astroSync(cwd: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'node_modules/astro/bin/astro.mjs'), 'sync'], {
      cwd,
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => resolve({ code, output }));
  });
}

afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

// Every schema rule is unit-tested in src/server/content/analysis-schemas.test.ts; these cases show that
// the editor's tool reports each kind of mistake (a frontmatter field, a bad value, the body) by file and field.
const CASES: [fixture: string, file: string, field: string, message: RegExp][] = [
  // A ticker the market data lacks is only warned about at start-up and after imports; its format is checked.
  ['bad-ticker', 'analisis/ZZZZ/kode-salah-tulis.mdx', 'emiten', /ticker must be a stock code/],
  ['bad-date', 'analisis/BBCA/tanggal-salah.mdx', 'date', /must be a date written as YYYY-MM-DD/],
  ['one-section', 'analisis/BBCA/satu-bagian.mdx', 'sections', /two "##" sections/],
];

describe('content check on broken frontmatter', () => {
  it.concurrent.each(CASES)(
    '%s fails naming %s and its field %s',
    { timeout: 120_000 },
    async (fixture, file, field, message) => {
      const { code, output } = await astroSync(project(path.join(FIXTURES, fixture)));
      expect(code, output).not.toBe(0);
      expect(output).toContain('InvalidContentEntryDataError');
      expect(output).toContain(`content/${file}`);
      expect(output).toMatch(new RegExp(`^\\s*${field}\\W`, 'm'));
      expect(output).toMatch(message);
    },
  );

  it.concurrent('passes on the project’s own content', { timeout: 120_000 }, async () => {
    const { code, output } = await astroSync(project(path.join(ROOT, 'content')));
    expect(code, output).toBe(0);
  });
});
