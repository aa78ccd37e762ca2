import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DbHandle } from '../../src/server/db/client';
import { DataDirLockedError } from '../../src/server/db/lock';

describe('embedded data folder lock', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'telaah-lock-'));
  let holder: DbHandle;
  beforeAll(async () => {
    holder = await openDatabase({ dataDir: dir });
  });
  afterAll(() => holder.close());

  it('refuses a second opener in the same process', async () => {
    await expect(openDatabase({ dataDir: dir })).rejects.toBeInstanceOf(DataDirLockedError);
  });

  it('stops a CLI on the same folder with one line saying what to do', () => {
    const r = spawnSync('npx', ['tsx', 'scripts/seed.ts'], {
      env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.status).toBe(1);
    const lines = r.stderr.split('\n').filter((l) => l.trim() && !l.startsWith('npm warn'));
    expect(lines).toEqual([expect.stringMatching(/in use by another Telaah process .*Stop that process first/)]);
  });

  it('lets the folder be opened again once released', async () => {
    await holder.close();
    holder = await openDatabase({ dataDir: dir });
    expect(holder.kind).toBe('pglite');
  });
});
