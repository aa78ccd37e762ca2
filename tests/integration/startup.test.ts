import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { migratedDataDir } from '../migrated-data-dir';
import { programArgs } from '../cli';

const blocker = path.join(mkdtempSync(path.join(tmpdir(), 'telaah-startup-')), 'blocker');
// The data folder sits under a plain file at first, so the first open fails.
process.env.DATA_DIR = path.join(blocker, 'data');
process.env.DATABASE_URL = '';

import { processDatabase } from '../../src/server/db/client';

function run(program: 'start' | 'serve', env: Record<string, string>): { status: number | null; lines: string[] } {
  const r = spawnSync(process.execPath, programArgs(program), {
    env: { ...process.env, NODE_ENV: 'test', AUTH_SECRET: 'startup-test-secret-0123456789abcdef', ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: r.status, lines: r.stderr.split('\n').filter((l) => l.trim()) };
}

describe('starting a server', () => {
  it('opens the database on a later request after a failed first one', async () => {
    writeFileSync(blocker, 'not a folder');
    await expect(processDatabase()).rejects.toThrow();
    rmSync(blocker);
    // The folder appears, migrated as after a first start (creating one is data-dir-lock.test.ts's case).
    mkdirSync(blocker);
    renameSync(await migratedDataDir('telaah-startup-data-'), process.env.DATA_DIR!);
    // A failed open is kept for two seconds, then the next call opens afresh.
    const handle = await vi.waitFor(() => processDatabase(), { timeout: 30_000, interval: 500 });
    expect(handle.kind).toBe('pglite');
    await handle.close();
  }, 120_000);

  it('names host, port and cause of an unreachable PostgreSQL in one line, without the password', () => {
    const r = run('start', { DATABASE_URL: 'postgres://u:geheim-sekali@127.0.0.1:1/db' });
    expect(r.status).toBe(1);
    expect(r.lines).toEqual([expect.stringMatching(/^Cannot reach PostgreSQL at 127\.0\.0\.1:1 \(ECONNREFUSED\)/)]);
    expect(r.lines.join('\n')).not.toContain('geheim-sekali');
  }, 120_000);

  it('refuses `npm run serve` on a data folder another server holds, in one line', async () => {
    const dir = await migratedDataDir('telaah-serve-held-');
    const holder = spawn(process.execPath, programArgs('hold-data-dir'), {
      env: { ...process.env, DATA_DIR: dir },
    });
    await new Promise<void>((resolve) => holder.stdout.on('data', (d) => String(d).includes('holding') && resolve()));
    try {
      // It stops before listening, so the port is never bound.
      const r = run('serve', { DATA_DIR: dir, PORT: '1' });
      expect(r.status).toBe(1);
      expect(r.lines).toEqual([expect.stringMatching(/in use by another Telaah process/)]);
    } finally {
      holder.kill();
    }
  }, 120_000);
});
