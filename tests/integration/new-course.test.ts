/**
 * An editor adds a course by adding files: a copy of the project whose `content/courses` holds one more
 * folder (index + two lessons, from tests/fixtures/content/courses) is built, and the new course shows
 * in the catalogue and on its own page, with no code change.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../scripts/lib/server-flags.mjs';
import { migratedDataDir } from '../migrated-data-dir';

const ROOT = path.resolve(import.meta.dirname, '../..');
const FIXTURE = path.join(ROOT, 'tests/fixtures/content/courses/kursus-uji');

/** A copy of the sources with its own node_modules folder of links, so that build caches stay in the copy. */
function projectCopy(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'telaah-new-course-'));
  for (const entry of [
    'src',
    'scripts',
    'public',
    'drizzle',
    'market',
    'content',
    'astro.config.mjs',
    'auth.config.ts',
    'tsconfig.json',
    'package.json',
  ]) {
    cpSync(path.join(ROOT, entry), path.join(dir, entry), { recursive: true });
  }
  mkdirSync(path.join(dir, 'node_modules'));
  for (const name of readdirSync(path.join(ROOT, 'node_modules'))) {
    if (name === '.astro' || name === '.vite') continue;
    symlinkSync(path.join(ROOT, 'node_modules', name), path.join(dir, 'node_modules', name));
  }
  cpSync(FIXTURE, path.join(dir, 'content/courses/kursus-uji'), { recursive: true });
  return dir;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

describe('a new course folder', () => {
  let dir: string;
  let server: ReturnType<typeof spawn> | undefined;
  let base: string;
  let dataDir: string | undefined;
  let buildOutput = '';

  beforeAll(async () => {
    dir = projectCopy();
    const env = { ...process.env, PATH: `${path.join(ROOT, 'node_modules/.bin')}:${process.env.PATH}` };
    const build = spawnSync('npx', ['astro', 'build'], { cwd: dir, env, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`build failed:\n${build.stdout}\n${build.stderr}`);
    buildOutput = build.stdout + build.stderr;
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    // The bundled server of the copy's build (`npm run serve`), as production runs it: no TypeScript loader
    // compiling the server's sources at start-up. On a migrated folder, as after a first start: the build
    // is under test, not creating a database.
    dataDir = await migratedDataDir('telaah-new-course-data-');
    server = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'scripts/launch.mjs', 'serve'], {
      cwd: dir,
      env: {
        ...env,
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        AUTH_SECRET: 'test-secret-0123456789-abcdef',
        LOG_LEVEL: 'error',
        // Open without warming up: the compiler's rounds and research pages rendered ahead only make the
        // first visitors faster.
        WARM_UP_ROUNDS: '0',
        WARM_UP_PAGES: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group, so that stopping it stops everything it started.
      detached: true,
    });
    let output = '';
    server.stdout!.on('data', (d) => (output += d));
    server.stderr!.on('data', (d) => (output += d));
    for (let i = 0; ; i++) {
      if (
        await fetch(`${base}/courses`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (i === 600 || server.exitCode !== null) throw new Error(`server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 240_000);

  afterAll(() => {
    if (server?.pid && server.exitCode === null) process.kill(-server.pid, 'SIGTERM');
    for (const d of [dir, dataDir]) if (d) rmSync(d, { recursive: true, force: true });
  });

  it('is built without a pre-rendered page reading request headers (which it cannot have at build time)', () => {
    expect(buildOutput).toContain('Complete!');
    expect(buildOutput).not.toContain('not available on prerendered pages');
  });

  it('appears in the pre-rendered catalogue with its level, tier, two lessons and duration', () => {
    const html = readFileSync(path.join(dir, 'dist/client/courses/index.html'), 'utf8');
    const card = html.slice(html.indexOf('data-course="kursus-uji"'));
    expect(card).toContain('Kursus Uji Menabung Saham Rutin');
    expect(card).toContain('href="/courses/kursus-uji"');
    expect(card).toMatch(/Pemula[\s\S]*Reguler/);
    expect(card).toContain('2 pelajaran · 20 menit');
  });

  it('has its own page with the overview and both lessons, in file order', async () => {
    const res = await fetch(`${base}/courses/kursus-uji`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('ringkasannya tampil di halaman kursus');
    expect(html.indexOf('Mengapa Menabung Saham Secara Rutin')).toBeGreaterThan(0);
    expect(html.indexOf('Menyusun Jadwal Pembelian Bulanan')).toBeGreaterThan(
      html.indexOf('Mengapa Menabung Saham Secara Rutin'),
    );
    expect(html).toContain('/courses/kursus-uji?pelajaran=menyusun-jadwal-pembelian');
    const lesson = await (await fetch(`${base}/courses/kursus-uji?pelajaran=menyusun-jadwal-pembelian`)).text();
    expect(lesson).toContain('Masuk untuk membaca pelajaran ini');
    expect(lesson).not.toContain('sisihkan jumlah yang sama setiap bulan');
  });

  it('with a mistake in a lesson fails the content check naming the file and the field', () => {
    const file = path.join(dir, 'content/courses/kursus-uji/02-menyusun-jadwal-pembelian.mdx');
    writeFileSync(file, readFileSync(file, 'utf8').replace('duration: 12', 'duration: 12\nfreePreview: ya'));
    const env = { ...process.env, PATH: `${path.join(ROOT, 'node_modules/.bin')}:${process.env.PATH}` };
    const sync = spawnSync('npx', ['astro', 'sync'], { cwd: dir, env, encoding: 'utf8' });
    expect(sync.status).not.toBe(0);
    const out = sync.stdout + sync.stderr;
    expect(out).toContain('kursus-uji/02-menyusun-jadwal-pembelian');
    expect(out).toContain('freePreview');
  }, 120_000);
});
