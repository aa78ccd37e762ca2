import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../../../../tests/db';
import { closeAt, seedMarket } from '../../../../tests/factories/portfolio';
import { createUser, grantTier } from '../../../../tests/factories/users';
import { alertEvents, alerts, dailyPrices, savedScreens, screenResults } from '../../db/schema';
import { openDatabase, type DbHandle } from '../../db/client';
import type { Mail } from '../../integrations/mail';
import { SAVED_SCREEN_LIMIT } from '../../../domain/alerts';
import { syncResearchCalls } from '../alerts/calls';
import { evaluateAlerts } from '../alerts/evaluate';
import { deliverAlerts } from '../alerts/deliver';
import { listNotices } from '../alerts/notices';
import { parseScreenQuery } from './index';
import {
  deleteScreen,
  describeScreen,
  findOwnScreen,
  listScreens,
  renameScreen,
  saveScreen,
  setScreenAlert,
} from './saved';
import { executeRows } from '../../db/rows';

const NOW = new Date('2026-11-23T19:00:00+07:00');
const horizon = () => '2026-11-26';
const bar = closeAt;

describe('saved screens', () => {
  let h: TestDb;
  beforeAll(async () => {
    h = await createTestDb();
    await seedMarket(h.db); // BBCA 9 800, BBRI 4 200 on 2026-11-20; 1 000 000 000 shares each
  });
  afterAll(() => h?.close());

  it('stores the query as the screener reads it, and refuses bad names naming the field', async () => {
    const u = await createUser(h.db);
    const saved = await saveScreen(
      h.db,
      u.id,
      '  Bank   besar ',
      '?arah=turun&kap_min=9000&rating=xyz&foo=<b>&urut=kap',
    );
    expect(saved).toMatchObject({ ok: true, message: 'Saringan “Bank besar” disimpan.' });
    const [s] = await listScreens(h.db, u.id);
    expect(s).toMatchObject({
      name: 'Bank besar',
      query: 'kap_min=9000&urut=kap&arah=turun',
      href: '/analisis/saring?kap_min=9000&urut=kap&arah=turun',
      alert: false,
      baseline: null,
    });
    // Written back, it reads the same: equal filters are equal strings.
    expect(parseScreenQuery(new URLSearchParams(s!.query)).canonical).toBe(s!.query);
    expect(describeScreen(s!.query)).toEqual(['Kapitalisasi pasar (Rp miliar) ≥ 9.000']);
    expect(describeScreen('sektor=Keuangan&per_min=2.5&per_max=10')).toEqual([
      'Sektor: Keuangan',
      'PER (x) 2,5 s.d. 10',
    ]);
    expect(describeScreen('')).toEqual(['Seluruh emiten (tanpa filter)']);
    expect(await saveScreen(h.db, u.id, '   ', 'kap_min=1')).toMatchObject({
      ok: false,
      status: 400,
      field: 'name',
      message: 'Nama saringan wajib diisi.',
    });
    expect(await saveScreen(h.db, u.id, 'x'.repeat(61), '')).toMatchObject({ ok: false, status: 400, field: 'name' });
    expect(await saveScreen(h.db, u.id, 'Bank besar', '')).toMatchObject({ ok: false, status: 409, field: 'name' });
    expect(await saveScreen(h.db, u.id, 'Panjang', 'sektor=' + 'x'.repeat(3000))).toMatchObject({
      ok: false,
      status: 400,
      field: 'query',
    });
    expect(await saveScreen(h.db, u.id, 'Semua', '')).toMatchObject({ ok: true });
    expect((await listScreens(h.db, u.id)).map((x) => [x.name, x.href])).toEqual([
      ['Bank besar', '/analisis/saring?kap_min=9000&urut=kap&arah=turun'],
      ['Semua', '/analisis/saring'],
    ]);
  });

  it(`keeps at most ${SAVED_SCREEN_LIMIT} screens per member`, async () => {
    const u = await createUser(h.db);
    for (let i = 0; i < SAVED_SCREEN_LIMIT; i++) {
      expect(await saveScreen(h.db, u.id, `S${i}`, `per_max=${i + 1}`)).toMatchObject({ ok: true });
    }
    expect(await saveScreen(h.db, u.id, 'Satu lagi', 'per_max=50')).toMatchObject({
      ok: false,
      status: 409,
      field: 'name',
    });
    expect(await listScreens(h.db, u.id)).toHaveLength(SAVED_SCREEN_LIMIT);
  });

  it(`keeps at most ${SAVED_SCREEN_LIMIT} screens when ${SAVED_SCREEN_LIMIT + 5} saves arrive at once`, async () => {
    const u = await createUser(h.db);
    const results = await Promise.all(
      Array.from({ length: SAVED_SCREEN_LIMIT + 5 }, (_, i) => saveScreen(h.db, u.id, `P${i}`, `per_max=${i + 1}`)),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(SAVED_SCREEN_LIMIT);
    expect(results.filter((r) => !r.ok && r.status === 409)).toHaveLength(5);
    expect(await listScreens(h.db, u.id)).toHaveLength(SAVED_SCREEN_LIMIT);
  });

  it('lets only the owner read, rename, delete or toggle a screen', async () => {
    const owner = await createUser(h.db);
    const other = await createUser(h.db);
    const r = await saveScreen(h.db, owner.id, 'Milik saya', 'sektor=Keuangan');
    const id = r.ok ? r.id : '';
    expect(await findOwnScreen(h.db, other.id, id)).toBeNull();
    expect(await listScreens(h.db, other.id)).toEqual([]);
    for (const attempt of [
      renameScreen(h.db, other.id, id, 'Curian'),
      deleteScreen(h.db, other.id, id),
      setScreenAlert(h.db, other.id, id, true),
      renameScreen(h.db, other.id, 'bukan-uuid', 'x'),
      deleteScreen(h.db, other.id, 'bukan-uuid'),
      setScreenAlert(h.db, other.id, 'bukan-uuid', true),
    ]) {
      expect(await attempt).toMatchObject({ ok: false, status: 404, message: 'Saringan tidak ditemukan.' });
    }
    expect(await findOwnScreen(h.db, owner.id, id)).toMatchObject({ name: 'Milik saya', alert: false });
    expect(await renameScreen(h.db, owner.id, id, 'Bank')).toMatchObject({ ok: true });
    expect(await renameScreen(h.db, owner.id, id, '')).toMatchObject({ ok: false, status: 400, field: 'name' });
    expect(await setScreenAlert(h.db, owner.id, id, true)).toMatchObject({ ok: true });
    expect(await findOwnScreen(h.db, owner.id, id)).toMatchObject({ name: 'Bank', alert: true });
    expect(await deleteScreen(h.db, owner.id, id)).toMatchObject({ ok: true, message: 'Saringan “Bank” dihapus.' });
    expect(await findOwnScreen(h.db, owner.id, id)).toBeNull();
  });

  it('records a baseline first, then notifies the codes that entered once, grouped with the day’s other alerts', async () => {
    const a = await createUser(h.db);
    const b = await createUser(h.db);
    const quiet = await createUser(h.db);
    const ids: string[] = [];
    for (const [u, name] of [
      [a, 'Kap besar'],
      [b, 'Besar juga'],
      [quiet, 'Tanpa alert'],
    ] as const) {
      // The same filter, sorted differently: one run serves both.
      const r = await saveScreen(h.db, u.id, name, u === b ? 'kap_min=9000&urut=kap' : 'kap_min=9000');
      ids.push(r.ok ? r.id : '');
    }
    await setScreenAlert(h.db, a.id, ids[0]!, true);
    await setScreenAlert(h.db, b.id, ids[1]!, true);
    const evaluate = (day: string) => evaluateAlerts(h.db, { day, now: NOW, cumHorizon: horizon });

    const first = await evaluate('2026-11-20');
    expect(first.screens).toEqual({ evaluated: 2, queries: 1 });
    expect(first.fired.screen).toBe(0);
    expect(await findOwnScreen(h.db, a.id, ids[0]!)).toMatchObject({ baseline: ['BBCA'], alertDay: '2026-11-20' });
    expect(await findOwnScreen(h.db, quiet.id, ids[2]!)).toMatchObject({ baseline: null, alertDay: null });
    expect((await evaluate('2026-11-20')).screens.evaluated).toBe(0);

    // BBRI's market cap rises past Rp 9 000 miliar, BBCA's falls below it; a price alert fires the same day.
    await h.db.insert(alerts).values({ userId: a.id, ticker: 'BBRI', kind: 'price_above', level: 9_000 });
    await h.db.insert(dailyPrices).values([bar('BBRI', '2026-11-23', 9_100), bar('BBCA', '2026-11-23', 8_900)]);
    const second = await evaluate('2026-11-23');
    expect(second.fired).toMatchObject({ screen: 2, price_above: 1 });
    const line = 'Kode baru masuk saringan “Kap besar” pada 23 November 2026: BBRI. Keluar: BBCA.';
    expect((await listNotices(h.db, a.id)).map((n) => [n.text, n.link]).sort()).toEqual([
      ['BBRI ditutup Rp 9.100 pada 23 November 2026, di atas atau sama dengan batas Rp 9.000.', '/analisis/BBRI'],
      [line, '/analisis/saring?kap_min=9000'],
    ]);
    expect(await listNotices(h.db, quiet.id)).toEqual([]);
    expect(await findOwnScreen(h.db, b.id, ids[1]!)).toMatchObject({ baseline: ['BBRI'], alertDay: '2026-11-23' });

    // A second run of the same day notifies nothing.
    const again = await evaluate('2026-11-23');
    expect(again.screens.evaluated).toBe(0);
    expect(again.fired.screen).toBe(0);

    const mails: Mail[] = [];
    const d = await deliverAlerts(
      h.db,
      { mail: async (m: Mail) => void mails.push(m), telegram: null },
      { now: NOW, appUrl: 'https://telaah.test' },
    );
    expect(d.notices).toBe(3);
    const toA = mails.filter((m) => m.text.includes('Kap besar'));
    expect(toA).toHaveLength(1);
    expect(toA[0]!.subject).toBe('Alert Telaah: BBRI');
    expect(toA[0]!.text).toContain(line);
    expect(toA[0]!.text).toContain('BBRI ditutup Rp 9.100');
    expect(mails.filter((m) => m.text.includes('Besar juga'))).toHaveLength(1);
    expect(
      (
        await deliverAlerts(
          h.db,
          { mail: async (m: Mail) => void mails.push(m), telegram: null },
          { now: NOW, appUrl: 'x' },
        )
      ).notices,
    ).toBe(0);

    // An unchanged next day notifies nothing; turning the alert off and on starts a new baseline.
    await h.db.insert(dailyPrices).values(bar('BBRI', '2026-11-24', 9_200));
    expect((await evaluate('2026-11-24')).fired.screen).toBe(0);
    await setScreenAlert(h.db, a.id, ids[0]!, false);
    expect(await findOwnScreen(h.db, a.id, ids[0]!)).toMatchObject({ alert: false, baseline: null });
    await setScreenAlert(h.db, a.id, ids[0]!, true);
    await h.db.insert(dailyPrices).values(bar('BBCA', '2026-11-25', 9_900));
    const rebased = await evaluate('2026-11-25');
    expect(rebased.screens.evaluated).toBe(2);
    expect(rebased.fired.screen).toBe(1); // b: BBCA re-entered; a: a new baseline
    expect(await findOwnScreen(h.db, a.id, ids[0]!)).toMatchObject({ baseline: ['BBCA', 'BBRI'] });
    await h.db.delete(savedScreens).where(eq(savedScreens.userId, b.id));
    await h.db.delete(savedScreens).where(eq(savedScreens.userId, a.id));
    expect((await h.db.select().from(alertEvents).where(eq(alertEvents.userId, b.id))).length).toBe(2);
  });

  it('runs a filter on upside with each member’s tier: a gated call has no upside below its tier', async () => {
    const premium = await createUser(h.db);
    const gratis = await createUser(h.db);
    await grantTier(h.db, premium.id, 'premium', new Date('2026-01-01'), new Date('2027-01-01'));
    await syncResearchCalls(h.db, [
      {
        id: 'BBRI/uji',
        ticker: 'BBRI',
        title: 'Uji BBRI',
        date: '2026-11-01',
        tier: 'premium',
        summary: 'x',
        path: '/analisis/BBRI/uji',
        rating: 'beli',
        targetPrice: 12_000,
      },
    ]);
    const ids: string[] = [];
    for (const u of [premium, gratis]) {
      const r = await saveScreen(h.db, u.id, 'Upside', 'upside_min=10');
      ids.push(r.ok ? r.id : '');
      await setScreenAlert(h.db, u.id, ids.at(-1)!, true);
    }
    const e = await evaluateAlerts(h.db, { day: '2026-11-25', now: NOW, cumHorizon: horizon });
    expect(e.screens).toEqual({ evaluated: 2, queries: 2 });
    expect(await findOwnScreen(h.db, premium.id, ids[0]!)).toMatchObject({ baseline: ['BBRI'] });
    expect(await findOwnScreen(h.db, gratis.id, ids[1]!)).toMatchObject({ baseline: [] });
  });
});

describe('screen alerts evaluated by two runs at once', () => {
  let h: TestDb;
  let second: DbHandle | null = null;
  beforeAll(async () => {
    h = await createTestDb();
    await seedMarket(h.db);
    // On PostgreSQL the second run has a connection (and pool) of its own; PGlite serialises the two.
    if (h.databaseUrl) second = await openDatabase({ databaseUrl: h.databaseUrl, dataDir: '' });
  });
  afterAll(async () => {
    await second?.close();
    await h?.close();
  });

  it('fires each screen once and writes one notice, with one shared result per filter and day', async () => {
    const members = [await createUser(h.db), await createUser(h.db), await createUser(h.db)];
    const queries = ['kap_min=9000', 'kap_min=9000&urut=kap&arah=turun', 'sektor=Keuangan&kap_min=5000'];
    for (const [i, u] of members.entries()) {
      const r = await saveScreen(h.db, u.id, 'Saringan', queries[i]!);
      if (!r.ok) throw new Error(r.message);
      await setScreenAlert(h.db, u.id, r.id, true);
    }
    const evaluate = (db: TestDb['db'], day: string) => evaluateAlerts(db, { day, now: NOW, cumHorizon: horizon });
    const first = await evaluate(h.db, '2026-11-20'); // BBCA 9 800, BBRI 4 200: a baseline for each
    expect(first.screens).toEqual({ evaluated: 3, queries: 2 });
    const results = () => h.db.select().from(screenResults);
    expect((await results()).map((r) => [r.filter, r.day, r.tierRank, r.codes]).sort()).toEqual([
      ['kap_min=9000', '2026-11-20', null, ['BBCA']],
      ['sektor=Keuangan&kap_min=5000', '2026-11-20', null, ['BBCA']],
    ]);

    // BBRI enters both filters; two runs of the day start together.
    await h.db.insert(dailyPrices).values([bar('BBRI', '2026-11-23', 9_100), bar('BBCA', '2026-11-23', 9_700)]);
    const together = () => Promise.all([evaluate(h.db, '2026-11-23'), evaluate(second?.db ?? h.db, '2026-11-23')]);
    let runs: ReturnType<typeof together>;
    if (second) {
      // The screens' rows are held until both runs wait for them: both have read them due and computed
      // the day's results, and now race to claim them.
      const other = second.db;
      runs = (
        await h.db.transaction(async (tx) => {
          await tx.execute(sql`select id from saved_screens for update`);
          const started = together();
          for (let i = 0; i < 200; i++) {
            const [r] = await executeRows<{ n: number }>(
              other,
              sql`select count(*)::int as n from pg_stat_activity
                where datname = current_database() and wait_event_type = 'Lock'`,
            );
            if (r!.n >= 2) break;
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
          return { started };
        })
      ).started;
    } else runs = together();
    const [a, b] = await runs;
    expect(a.screens.evaluated + b.screens.evaluated).toBe(3);
    expect(a.fired.screen + b.fired.screen).toBe(3);
    const notices = await h.db
      .select()
      .from(alertEvents)
      .where(
        inArray(
          alertEvents.userId,
          members.map((m) => m.id),
        ),
      );
    expect(notices.map((n) => [n.userId, n.codes]).sort()).toEqual(members.map((m) => [m.id, ['BBRI']]).sort());
    // One row per filter for the day; the previous day's, which no screen points to any more, are gone.
    expect((await results()).map((r) => [r.filter, r.day, r.codes]).sort()).toEqual([
      ['kap_min=9000', '2026-11-23', ['BBCA', 'BBRI']],
      ['sektor=Keuangan&kap_min=5000', '2026-11-23', ['BBCA', 'BBRI']],
    ]);
    for (const m of members) {
      const [s] = await listScreens(h.db, m.id);
      expect(s).toMatchObject({ baseline: ['BBCA', 'BBRI'], alertDay: '2026-11-23' });
    }
  });
});
