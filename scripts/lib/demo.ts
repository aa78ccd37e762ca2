/**
 * Demo data on first start: only into an empty embedded database, or an external one when asked.
 */
import { sql } from 'drizzle-orm';
import type { DbHandle } from '../../src/server/db/client';
import { emiten } from '../../src/server/db/schema';
import { reloadDemoMarket, type DemoLoadCounts } from '../../src/server/demo';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, loadDemoAccounts } from '../../src/server/demo/accounts';
import { clearDemoPortfolios, loadDemoPortfolios } from '../../src/server/demo/portfolios';
import { FOREIGN_KEY_VIOLATION, pgErrorCode, RESTRICT_VIOLATION } from '../../src/server/db/errors';
import { loadDemoRiskProfiles } from '../../src/server/demo/risk-profiles';
import { now } from '../../src/server/config';
import { wibDate } from '../../src/lib/format';

export interface DemoResult {
  loaded: boolean;
  password: string;
  accounts: { email: string; label: string }[];
}

/**
 * Loads all demo data (market, accounts, the demo members' portfolios) into the database, replacing
 * earlier demo data. The demo accounts' portfolios go first: transactions keep their emiten (ON DELETE
 * RESTRICT), so the market reload is refused, and no member's trade is lost, when any other member holds
 * trades in demo tickers.
 */
export async function loadDemo(handle: DbHandle): Promise<void> {
  const today = now();
  await clearDemoPortfolios(handle.db);
  let counts: DemoLoadCounts | undefined;
  let refused: unknown;
  try {
    counts = await reloadDemoMarket(handle.db, { today: wibDate(today) });
  } catch (err) {
    const code = pgErrorCode(err);
    if (code !== RESTRICT_VIOLATION && code !== FOREIGN_KEY_VIOLATION) throw err;
    refused = err;
  }
  const ids = await loadDemoAccounts(handle.db, today);
  // After a refused reload the previous market stays, and the sample portfolios are rebuilt on it.
  const trades = await loadDemoPortfolios(handle.db, ids, wibDate(today));
  await loadDemoRiskProfiles(handle.db, ids, today);
  if (!counts) {
    throw new Error(
      'Demo market not reloaded: members other than the demo accounts hold transactions in demo tickers, and their trades are never deleted. The previous market data stays.',
      { cause: refused },
    );
  }
  console.log(
    `Demo data loaded: ${counts.emiten} emiten, ${counts.prices} daily prices, ${counts.actions} corporate actions, ${counts.fundamentals} fundamentals, ${DEMO_ACCOUNTS.length} accounts, ${trades} portfolio transactions.`,
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
