/**
 * The job runner's exclusion: a PostgreSQL advisory lock between servers (two connections to one
 * database) and a guard within one process (PGlite has a single session, where locks are re-entrant).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../db';
import { openDatabase, type DbHandle } from '../../src/server/db/client';
import { withAdvisoryLock } from '../../src/server/jobs/advisory-lock';
import { runJobsOnce } from '../../src/server/jobs/runner';
import { JOBS } from '../../src/server/jobs/jobs';
import type { JobContext } from '../../src/server/jobs/context';

let h: TestDb;
beforeAll(async () => {
  h = await createTestDb();
});
afterAll(() => h.close());

const context = (db: DbHandle['db']): JobContext => ({
  db,
  now: () => new Date('2026-11-20T03:00:00Z'),
  appUrl: 'https://telaah.test',
  contentDir: 'content',
  telegram: null,
  mail: async () => undefined,
  sources: { heldTickers: async () => new Map(), startedCourses: async () => new Map() },
  marketUpdate: async () => null,
  broadcastRate: { email: 1000, telegram: 1000 },
  report: () => undefined,
});

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('job exclusion', () => {
  it('runs a job once when the same process starts it twice at the same time', async () => {
    const [a, b] = await Promise.all([
      runJobsOnce(context(h.db), ['housekeeping']),
      runJobsOnce(context(h.db), ['housekeeping']),
    ]);
    expect([a[0]!.status, b[0]!.status].sort()).toEqual(['done', 'locked']);
    expect((await runJobsOnce(context(h.db), ['housekeeping']))[0]!.status).toBe('done');
  });

  it('releases the lock when the job throws', async () => {
    await expect(withAdvisoryLock(h.db, 77, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await withAdvisoryLock(h.db, 77, async () => 'again')).toEqual({ ran: true, value: 'again' });
  });

  // Several servers exist only on PostgreSQL. PGlite is one process per data folder with a single
  // session, in which advisory locks are re-entrant: that is why the runner also guards in-process.
  if (!process.env.TEST_DATABASE_URL) {
    it('re-enters an advisory lock within the single PGlite session', async () => {
      const inner = await withAdvisoryLock(h.db, 78, () => withAdvisoryLock(h.db, 78, async () => 'inner'));
      expect(inner).toEqual({ ran: true, value: { ran: true, value: 'inner' } });
    });
    return;
  }

  it('skips a job another server is running, and runs it once that server is done', async () => {
    const other = await openDatabase({ databaseUrl: h.databaseUrl!, dataDir: '' });
    try {
      const held = gate();
      const release = gate();
      const housekeeping = JOBS.find((j) => j.name === 'housekeeping')!;
      const first = withAdvisoryLock(h.db, housekeeping.lockKey, async () => {
        held.open();
        await release.opened;
        return 'first';
      });
      await held.opened;
      const meanwhile = await runJobsOnce(context(other.db));
      expect(meanwhile.map((o) => [o.job, o.status])).toEqual([
        ['telegram-removals', 'done'],
        ['notices', 'done'],
        ['housekeeping', 'locked'],
        ['market-update', 'done'],
        ['broadcasts', 'done'],
      ]);
      expect(meanwhile[2]!.summary).toBe('running on another server');
      release.open();
      expect(await first).toEqual({ ran: true, value: 'first' });
      expect((await runJobsOnce(context(other.db), ['housekeeping']))[0]!.status).toBe('done');
    } finally {
      await other.close();
    }
  });

  it('runs the daily market update on one server at a time', async () => {
    const other = await openDatabase({ databaseUrl: h.databaseUrl!, dataDir: '' });
    try {
      const held = gate();
      const release = gate();
      const update = JOBS.find((j) => j.name === 'market-update')!;
      const first = withAdvisoryLock(h.db, update.lockKey, async () => {
        held.open();
        await release.opened;
      });
      await held.opened;
      expect((await runJobsOnce(context(other.db), ['market-update']))[0]).toMatchObject({ status: 'locked' });
      release.open();
      await first;
      expect((await runJobsOnce(context(other.db), ['market-update']))[0]).toMatchObject({
        status: 'done',
        summary: 'market feed not configured',
      });
    } finally {
      await other.close();
    }
  });
});
