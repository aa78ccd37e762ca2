/**
 * Test data for alerts: a database holding seedMarket()'s small market, the evening the alerts are
 * evaluated on, a day's close, and a Premium analysis with a target price and a fair value.
 */
import type { Db } from '../../src/server/db/client';
import type { CatalogAnalysis } from '../../src/server/services/notifications';
import { evaluateAlerts } from '../../src/server/services/alerts';
import { createTestDb, type TestDb } from '../db';
import { seedMarket } from './portfolio';

/** The evening (after the close, WIB) the alert tests evaluate on. */
export const ALERTS_NOW = new Date('2026-11-23T19:00:00+07:00');

/** evaluateAlerts() at ALERTS_NOW, with the cum-date horizon fixed three days later. */
export function evaluateAtAlertsNow(db: Db) {
  return evaluateAlerts(db, { now: ALERTS_NOW, cumHorizon: () => '2026-11-26' });
}

export { closeAt } from './portfolio';

/** A Premium analysis of BBCA rated `beli`, target 10.000, fair value 11.000. */
export const premiumCall: CatalogAnalysis = {
  id: 'BBCA/uji',
  ticker: 'BBCA',
  title: 'Uji BBCA',
  date: '2026-11-01',
  tier: 'premium',
  summary: 'x',
  path: '/analisis/BBCA/uji',
  rating: 'beli',
  targetPrice: 10_000,
  fairValue: 11_000,
};

/** A new test database with seedMarket()'s market (BBCA, BBRI, GOTO and their closes). */
export async function createAlertsDb(): Promise<TestDb> {
  const h = await createTestDb();
  await seedMarket(h.db);
  return h;
}
