import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type DbHandle } from '../../src/server/db/client';
import { DataDirLockedError, lockDataDir } from '../../src/server/db/lock';
import { migratedDataDir } from '../migrated-data-dir';
import { programArgs } from '../cli';

// The first holder creates its folder from nothing (initdb and every migration); the holders that stop
// start on a migrated copy, as a restarted server does.
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
    const r = spawnSync(process.execPath, programArgs('seed'), {
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

/** Starts a process holding `dir` and resolves once it holds it. */
function holdInChild(dir: string, ...args: string[]): Promise<ChildProcess> {
  const child = spawn(process.execPath, programArgs('hold-data-dir', ...args), {
    env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '' },
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += String(d);
      if (out.includes('holding')) resolve(child);
    });
    child.once('exit', (code) => (out.includes('holding') ? undefined : reject(new Error(`holder exited ${code}`))));
  });
}

describe('a holder that stopped', () => {
  it('is taken over at once after kill -9, saying the previous server stopped uncleanly', async () => {
    const dir = await migratedDataDir('telaah-lock-kill-');
    const child = await holdInChild(dir);
    await expect(openDatabase({ dataDir: dir })).rejects.toBeInstanceOf(DataDirLockedError);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    const warn = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    // No waiting for the lock to go stale (15 s): the dead holder is recognised.
    const handle = await openDatabase({ dataDir: dir });
    const lines = warn.mock.calls.map(([chunk]) => String(chunk));
    warn.mockRestore();
    const takeOver = lines
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => l.level === 'warn');
    expect(takeOver).toMatchObject({ msg: expect.stringContaining('stopped uncleanly'), dir, pid: expect.any(Number) });
    await handle.close();
    expect(existsSync(path.join(dir, '.telaah.lock'))).toBe(false);
  }, 60_000);

  it('leaves no lock behind when the process exits without closing', async () => {
    const dir = await migratedDataDir('telaah-lock-exit-');
    const child = await holdInChild(dir, '--exit');
    await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null)));
    expect(existsSync(path.join(dir, '.telaah.lock'))).toBe(false);
  }, 60_000);

  it('leaves no lock behind after SIGTERM', async () => {
    const dir = await migratedDataDir('telaah-lock-term-');
    const child = await holdInChild(dir);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    expect(existsSync(path.join(dir, '.telaah.lock'))).toBe(false);
  }, 60_000);
});

describe('a holder that keeps running', () => {
  it('keeps refreshing its lock: writing its owner file does not make the lock look taken', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'telaah-lock-refresh-'));
    const lockDir = path.join(dir, '.telaah.lock');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const release = await lockDataDir(dir);
      const before = statSync(lockDir).mtimeMs;
      // The first refresh is due after a tenth of the stale time (one minute).
      await vi.advanceTimersByTimeAsync(61_000);
      await vi.waitFor(() => expect(statSync(lockDir).mtimeMs).toBeGreaterThan(before), { timeout: 5_000 });
      expect(warn).not.toHaveBeenCalled();
      await release();
    } finally {
      warn.mockRestore();
      vi.useRealTimers();
    }
    expect(existsSync(lockDir)).toBe(false);
  });
});
