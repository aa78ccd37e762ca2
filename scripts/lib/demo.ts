/**
 * Demo data on first start: only into an empty embedded database, or an external one when asked.
 */
import { sql } from 'drizzle-orm';
import type { DbHandle } from '../../src/server/db/client';
import { emiten } from '../../src/server/db/schema';
import { reloadDemoMarket } from '../../src/server/db/demo';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, loadDemoAccounts } from '../../src/server/services/demo-accounts';
import { loadDemoRiskProfiles } from '../../src/server/services/demo-risk-profiles';
import { now } from '../../src/server/config';
import { wibDate } from '../../src/lib/format';

export interface DemoResult {
  loaded: boolean;
  password: string;
  accounts: { email: string; label: string }[];
}

/** Loads all demo data (market, accounts) into the database, replacing earlier demo data. */
export async function loadDemo(handle: DbHandle): Promise<void> {
  const today = now();
  const counts = await reloadDemoMarket(handle.db, { today: wibDate(today) });
  const ids = await loadDemoAccounts(handle.db, today);
  await loadDemoRiskProfiles(handle.db, ids, today);
  console.log(
    `Demo data loaded: ${counts.emiten} emiten, ${counts.prices} daily prices, ${counts.actions} corporate actions, ${counts.fundamentals} fundamentals, ${DEMO_ACCOUNTS.length} accounts.`,
  );
}

/** Loads demo data when the database has no emiten yet (embedded), or when `allowExternal` is set. */
export async function ensureDemoData(handle: DbHandle, opts: { allowExternal: boolean }): Promise<DemoResult> {
  const result: DemoResult = { loaded: false, password: DEMO_PASSWORD, accounts: [] };
  if (handle.kind === 'postgres' && !opts.allowExternal) return result;
  const [row] = await handle.db.select({ n: sql<number>`count(*)::int` }).from(emiten);
  if ((row?.n ?? 0) === 0) {
    console.log('Empty database: loading demo data…');
    await loadDemo(handle);
    result.loaded = true;
  }
  const demo = await handle.db.execute(sql`select email from users where email like '%@telaah.test'`);
  const present = new Set((demo as unknown as { rows: { email: string }[] }).rows.map((r) => r.email));
  result.accounts = DEMO_ACCOUNTS.filter((a) => present.has(a.email));
  return result;
}
