import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../../tests/db';
import { seedMarket } from '../../../../tests/factories/portfolio';
import { createUser } from '../../../../tests/factories/users';
import { eq } from 'drizzle-orm';
import { corporateActions, dailyPrices, emiten } from '../../db/schema';
import { FREE_BBRI_CALL, PREMIUM_BBCA_CALL } from '../../../../tests/factories/calls';
import type { LatestCall } from '../../content/latest-calls';
import {
  addToWatchlist,
  createWatchlist,
  deleteWatchlist,
  findOwnWatchlist,
  listWatchlists,
  removeFromWatchlist,
  renameWatchlist,
  searchEmiten,
  watchlistCodes,
} from './lists';
import { sortRows, watchRows } from './rows';

const calls = new Map<string, LatestCall>([
  ['BBCA', PREMIUM_BBCA_CALL],
  ['BBRI', FREE_BBRI_CALL],
]);

describe('watchlists', () => {
  let h: TestDb;
  let a: { id: string };
  let b: { id: string };
  beforeAll(async () => {
    h = await createTestDb();
    await seedMarket(h.db);
    await h.db
      .insert(dailyPrices)
      .values({ ticker: 'BBCA', date: '2026-11-19', open: 1, high: 9_900, low: 9_000, close: 9_900, volume: 1 });
    await h.db
      .insert(corporateActions)
      .values({ ticker: 'BBCA', type: 'dividend', cumDate: '2026-12-01', exDate: '2026-12-02', amount: '50' });
    a = await createUser(h.db);
    b = await createUser(h.db);
  });
  afterAll(() => h?.close());

  it('makes a first list on the first add, accepts lower case and refuses unknown codes', async () => {
    const first = await addToWatchlist(h.db, a.id, '', 'bbca');
    expect(first).toMatchObject({ ok: true, message: 'BBCA ada di watchlist “Watchlist saya”.' });
    expect(await addToWatchlist(h.db, a.id, '', 'BBRI')).toMatchObject({ ok: true });
    expect(await addToWatchlist(h.db, a.id, '', 'BBRI')).toMatchObject({ ok: true });
    expect(await addToWatchlist(h.db, a.id, '', 'XXXXX')).toMatchObject({ ok: false, status: 400, field: 'code' });
    const [list] = await listWatchlists(h.db, a.id);
    expect(list).toMatchObject({ name: 'Watchlist saya', codes: 2 });
    expect(await watchlistCodes(h.db, a.id, list!.id)).toEqual(['BBCA', 'BBRI']);
    expect((await searchEmiten(h.db, 'rakyat')).map((e) => e.ticker)).toEqual(['BBRI']);
  });

  it('keeps names unique per member and refuses an empty name', async () => {
    expect(await createWatchlist(h.db, a.id, '  ')).toMatchObject({ ok: false, status: 400, field: 'name' });
    expect(await createWatchlist(h.db, a.id, 'Watchlist saya')).toMatchObject({ ok: false, status: 409 });
    expect(await createWatchlist(h.db, b.id, 'Watchlist saya')).toMatchObject({ ok: true });
  });

  it('never lets one member read or change another member’s list (IDOR)', async () => {
    const [list] = await listWatchlists(h.db, a.id);
    const id = list!.id;
    expect(await findOwnWatchlist(h.db, b.id, id)).toBeNull();
    expect(await watchlistCodes(h.db, b.id, id)).toEqual([]);
    expect(await addToWatchlist(h.db, b.id, id, 'GOTO')).toMatchObject({ ok: false, status: 404 });
    expect(await removeFromWatchlist(h.db, b.id, id, 'BBCA')).toMatchObject({ ok: false, status: 404 });
    expect(await renameWatchlist(h.db, b.id, id, 'Milik B')).toMatchObject({ ok: false, status: 404 });
    expect(await deleteWatchlist(h.db, b.id, id)).toMatchObject({ ok: false, status: 404 });
    expect(await deleteWatchlist(h.db, b.id, 'bukan-uuid')).toMatchObject({ ok: false, status: 404 });
    expect(await listWatchlists(h.db, a.id)).toEqual([{ id, name: 'Watchlist saya', codes: 2 }]);
  });

  it('shows market figures, and a premium target only to a viewer who may read the analysis', async () => {
    const gratisView = await watchRows(h.db, ['BBCA', 'BBRI'], calls, 'gratis', '2026-11-20');
    const bbca = gratisView.find((r) => r.ticker === 'BBCA')!;
    expect(bbca).toMatchObject({ close: 9_800, change: -100, low52: 8_950, high52: 9_900, nextCumDate: '2026-12-01' });
    expect(bbca.changePct).toBeCloseTo(9_800 / 9_900 - 1, 10);
    expect(bbca.call).toMatchObject({
      readable: false,
      targetPrice: null,
      fairValue: null,
      upside: null,
      rating: 'beli',
    });
    expect(JSON.stringify(gratisView)).not.toMatch(/12250|13000/);
    const bbri = gratisView.find((r) => r.ticker === 'BBRI')!;
    expect(bbri.call).toMatchObject({ readable: true, targetPrice: 4_620 });
    expect(bbri.call!.upside).toBeCloseTo(4_620 / 4_200 - 1, 10);

    const premiumView = await watchRows(h.db, ['BBCA', 'BBRI'], calls, 'premium', '2026-11-20');
    expect(premiumView.find((r) => r.ticker === 'BBCA')!.call).toMatchObject({ readable: true, targetPrice: 12_250 });

    // Sorting by upside puts the locked upside last in both directions: its place tells nothing.
    expect(sortRows(gratisView, 'upside', 'naik').map((r) => r.ticker)).toEqual(['BBRI', 'BBCA']);
    expect(sortRows(gratisView, 'upside', 'turun').map((r) => r.ticker)).toEqual(['BBRI', 'BBCA']);
    expect(sortRows(premiumView, 'upside', 'turun').map((r) => r.ticker)).toEqual(['BBCA', 'BBRI']);
    expect(sortRows(premiumView, 'perubahan', 'naik').map((r) => r.ticker)).toEqual(['BBCA', 'BBRI']);
  });

  it('carries each code’s IDX status flags, and none for a code without any', async () => {
    await h.db.update(emiten).set({ notations: 'EX' }).where(eq(emiten.ticker, 'BBRI'));
    const rows = await watchRows(h.db, ['BBCA', 'BBRI'], calls, 'gratis', '2026-11-20');
    expect(rows.find((r) => r.ticker === 'BBCA')!.flags).toBeNull();
    expect(rows.find((r) => r.ticker === 'BBRI')!.flags).toMatchObject({ notations: 'EX', suspended: null });
  });
});
