import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDb } from '../../../../tests/db';
import { closeAt, createAlertsDb, evaluateAtAlertsNow, premiumCall } from '../../../../tests/factories/alerts';
import { createUser, grantTier } from '../../../../tests/factories/users';
import { alertEvents, alerts, dailyPrices } from '../../db/schema';
import { syncResearchCalls } from './calls';

describe('alert gating by tier (docs/decisions/0008)', () => {
  let h: TestDb;
  beforeAll(async () => {
    h = await createAlertsDb();
  });
  afterAll(() => h?.close());

  it('fires a target or fair-value alert only for members whose tier today reaches the analysis’ tier', async () => {
    const premium = await createUser(h.db);
    const reguler = await createUser(h.db);
    const lapsed = await createUser(h.db);
    const gratis = await createUser(h.db);
    await grantTier(h.db, premium.id, 'premium', new Date('2026-01-01'), new Date('2027-01-01'));
    await grantTier(h.db, reguler.id, 'reguler', new Date('2026-01-01'), new Date('2027-01-01'));
    await grantTier(h.db, lapsed.id, 'premium', new Date('2025-01-01'), new Date('2026-11-01'));
    await syncResearchCalls(h.db, [
      premiumCall,
      {
        ...premiumCall,
        id: 'BBRI/reguler',
        ticker: 'BBRI',
        title: 'BBRI reguler',
        path: '/analisis/BBRI/reguler',
        tier: 'reguler',
        targetPrice: 4_400,
      },
    ]);
    for (const u of [premium, reguler, lapsed, gratis]) {
      await h.db.insert(alerts).values([
        { userId: u.id, ticker: 'BBCA', kind: 'fair_value' },
        { userId: u.id, ticker: 'BBRI', kind: 'target' },
      ]);
    }
    await h.db
      .insert(dailyPrices)
      .values([closeAt('BBCA', '2026-11-23', 11_500), closeAt('BBRI', '2026-11-23', 4_500)]);
    const e = await evaluateAtAlertsNow(h.db);
    expect(e.fired).toMatchObject({ fair_value: 1, target: 2 });
    const events = await h.db.select().from(alertEvents);
    const who = (id: string) =>
      id === premium.id ? 'premium' : id === reguler.id ? 'reguler' : id === lapsed.id ? 'lapsed' : 'gratis';
    expect(events.map((r) => `${r.kind} ${who(r.userId)}`).sort()).toEqual([
      'fair_value premium',
      'target premium',
      'target reguler',
    ]);
    expect((await evaluateAtAlertsNow(h.db)).fired).toMatchObject({
      fair_value: 0,
      target: 0,
    });
  });
});
