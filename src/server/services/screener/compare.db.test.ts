import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../../tests/db';
import { seedMarket } from '../../../../tests/factories/portfolio';
import { PREMIUM_BBCA_CALL } from '../../../../tests/factories/calls';
import type { LatestCall } from '../../content/latest-calls';
import { compare, parseCodes } from './compare';

const calls = new Map<string, LatestCall>([['BBCA', PREMIUM_BBCA_CALL]]);

describe('compare', () => {
  let h: TestDb;
  beforeAll(async () => {
    h = await createTestDb();
    await seedMarket(h.db);
  });
  afterAll(() => h?.close());

  it('reads codes from the URL and refuses fewer than two, more than four or unknown ones', async () => {
    expect(parseCodes(' bbca, BBRI,bbca ')).toEqual(['BBCA', 'BBRI']);
    expect(await compare(h.db, ['BBCA'], '1T', calls, null)).toMatchObject({ ok: false });
    expect(await compare(h.db, ['BBCA', 'ZZZZZ'], '1T', calls, null)).toMatchObject({
      ok: false,
      message: 'Kode saham tidak dikenal: ZZZZZ.',
    });
  });

  it('rebases closes to 100 at the first common day and keeps a premium target from others', async () => {
    const r = await compare(h.db, ['BBCA', 'BBRI'], '1T', calls, 'gratis');
    if (!r.ok) throw new Error(r.message);
    // Closes on 2026-03-02 and 2026-11-20 for both; BBCA also on 2026-09-14.
    expect(r.days).toEqual(['2026-03-02', '2026-09-14', '2026-11-20']);
    const [bbca, bbri] = r.columns;
    expect(bbca!.rebased[0]).toBe(100);
    expect(bbca!.rebased[2]).toBeCloseTo((9_800 / 8_950) * 100, 10);
    expect(bbri!.rebased).toEqual([100, null, (4_200 / 4_000) * 100]);
    expect(bbri!.lastDividend).toEqual({ exDate: '2026-04-10', amount: 208.4 });
    expect(bbca!.call).toMatchObject({ readable: false, targetPrice: null, fairValue: null });
    const premium = await compare(h.db, ['BBCA', 'BBRI'], '1T', calls, 'premium');
    expect(premium.ok && premium.columns[0]!.call).toMatchObject({ readable: true, targetPrice: 12_250 });
  });
});
