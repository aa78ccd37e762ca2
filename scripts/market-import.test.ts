import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockDataDir } from '../src/server/db/lock';
import { analysisTickers } from '../src/server/services/market-import';
import { migratedDataDir } from '../tests/migrated-data-dir';
import { cliArgs, programArgs } from '../tests/cli';

const run = promisify(execFile);
const ROOT = process.cwd();
const FIXTURES = 'tests/fixtures/market';

interface Outcome {
  code: number;
  stdout: string;
  /** stderr without npm's own warnings. */
  stderr: string;
}

/** Runs the CLI as a user would, on an embedded database in `dataDir`. */
async function cli(dataDir: string, ...args: string[]): Promise<Outcome> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PATH: `${path.join(ROOT, 'node_modules/.bin')}${path.delimiter}${process.env.PATH}`,
    DATA_DIR: dataDir,
    APP_NOW: '2026-11-21T12:00:00+07:00',
    NODE_ENV: 'test',
    // Telegram configured, as in production: the alert run after the import builds its Telegram sender on
    // the script's own database handle (a second open of the data folder used to fail the run).
    TELEGRAM_BOT_TOKEN: '4242424:import-test-token',
    TELEGRAM_BOT_USERNAME: 'TelaahImportBot',
    TELEGRAM_WEBHOOK_SECRET: 'import-test-webhook-secret',
    TELEGRAM_API_ROOT: 'http://127.0.0.1:9',
  };
  delete env.DATABASE_URL;
  const clean = (s: string) =>
    s
      .split('\n')
      .filter((l) => l && !l.startsWith('npm warn'))
      .join('\n');
  try {
    const r = await run(process.execPath, cliArgs('market-import', ...args), {
      cwd: ROOT,
      env,
    });
    return { code: 0, stdout: r.stdout, stderr: clean(r.stderr) };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: clean(e.stderr) };
  }
}

const file = (name: string) => `${FIXTURES}/${name}.csv`;
const FIXTURE_TICKERS = ['BBCA', 'BBRI', 'TLKM', 'GOTO', 'ASII'];

describe('npm run market:import', () => {
  let dataDir: string;
  // A migrated folder, as after a first start: the CLI's own steps are under test, not creating a database.
  beforeAll(async () => {
    dataDir = await migratedDataDir('telaah-import-');
  }, 120_000);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('imports files in order and reports unchanged rows on a second run', { timeout: 180_000 }, async () => {
    const first = await cli(dataDir, file('emiten'), file('prices'), file('ringkasan'), file('actions'));
    expect(first.code).toBe(0);
    // The fixture lists 5 emiten; every analysis of another ticker is named once.
    const warned = analysisTickers().filter((a) => !FIXTURE_TICKERS.includes(a.ticker));
    expect(warned.length).toBeGreaterThan(0);
    expect(first.stderr.split('\n')).toEqual(
      warned.map((a) => `Peringatan: analisis ${a.file} membahas ${a.ticker}, yang belum ada di data emiten`),
    );
    expect(first.stdout.trim().split('\n')).toEqual([
      'emiten.csv [emiten]: 5 baris — 5 baru, 0 diperbarui, 0 tidak berubah',
      'prices.csv [prices]: 8 baris — 8 baru, 0 diperbarui, 0 tidak berubah',
      'ringkasan.csv [ringkasan]: 5 baris — 5 baru, 0 diperbarui, 0 tidak berubah',
      'actions.csv [actions]: 4 baris — 4 baru, 0 diperbarui, 0 tidak berubah',
    ]);
    const again = await cli(dataDir, '--kind', 'prices', file('prices'));
    expect(again.code).toBe(0);
    expect(again.stdout.trim()).toBe('prices.csv [prices]: 8 baris — 0 baru, 0 diperbarui, 8 tidak berubah');
  });

  it('exits 1 naming the bad row and skips the files after it', { timeout: 60_000 }, async () => {
    const r = await cli(dataDir, file('prices-bad-row'), file('actions'));
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr.split('\n').filter((l) => !l.startsWith('Peringatan: analisis'))).toEqual([
      'prices-bad-row.csv [prices]: 1 kesalahan, tidak ada yang disimpan',
      '  Baris 3, kolom close: harga harus bilangan bulat positif',
      `Berkas berikutnya tidak diproses: ${file('actions')}`,
    ]);
  });

  it('refuses bad options before opening the database', { timeout: 60_000 }, async () => {
    const r = await cli(dataDir, '--kind', 'saham', file('prices'));
    expect(r.code).toBe(1);
    expect(r.stderr.split('\n')[0]).toBe(
      'Opsi --kind harus salah satu dari: emiten, prices, ringkasan, actions, warrants, fundamentals, constituents',
    );
    expect((await cli(dataDir)).stderr).toMatch(/^Sebutkan minimal satu berkas CSV\nPemakaian: /);
  });

  it('prints one line and exits 1 while the server holds the data folder', { timeout: 60_000 }, async () => {
    const release = await lockDataDir(dataDir);
    try {
      const r = await cli(dataDir, file('prices'));
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/^The data folder .* is in use by another Telaah process/);
      expect(r.stderr.split('\n')).toHaveLength(1);
    } finally {
      await release();
    }
  });
});

describe('npm run market:import on a database holding the demo market', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await migratedDataDir('telaah-import-demo-');
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      APP_NOW: '2026-11-21T12:00:00+07:00',
      NODE_ENV: 'test',
    };
    delete env.DATABASE_URL;
    await run(process.execPath, programArgs('seed'), { cwd: ROOT, env });
  }, 240_000);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it(
    'refuses to mix imported rows with the demo market, then replaces it when asked',
    { timeout: 180_000 },
    async () => {
      const refused = await cli(dataDir, file('emiten'), file('fundamentals'));
      expect(refused.code).toBe(1);
      expect(refused.stdout).toBe('');
      expect(refused.stderr).toMatch(/^Database ini masih memuat pasar demo \(\d+ emiten, harga buatan /);
      expect(refused.stderr).toContain('Ulangi dengan --replace-demo');

      const replaced = await cli(dataDir, '--replace-demo', file('emiten'), file('fundamentals'));
      expect(replaced.code).toBe(0);
      expect(replaced.stdout.trim().split('\n')).toEqual([
        expect.stringMatching(/^Pasar demo dihapus \(\d+ emiten demo dengan harga, aksi korporasi dan fundamentalnya;/),
        'emiten.csv [emiten]: 5 baris — 5 baru, 0 diperbarui, 0 tidak berubah',
        'fundamentals.csv [fundamentals]: 6 baris — 6 baru, 0 diperbarui, 0 tidak berubah',
      ]);
      // The demo market is gone: a later import is no longer refused.
      const again = await cli(dataDir, file('fundamentals'));
      expect(again.stdout.trim()).toBe(
        'fundamentals.csv [fundamentals]: 6 baris — 0 baru, 0 diperbarui, 6 tidak berubah',
      );
    },
  );
});
