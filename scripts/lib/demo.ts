/**
 * Demo data on first start: only into an empty embedded database, or an external one when asked; none with
 * `--no-demo`.
 */
import { sql } from 'drizzle-orm';
import type { DbHandle } from '../../src/server/db/client';
import { emiten } from '../../src/server/db/schema';
import { demoMarketInfo, reloadDemoMarket, type DemoLoadCounts } from '../../src/server/demo';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, loadDemoAccounts } from '../../src/server/demo/accounts';
import { clearDemoPortfolios, loadDemoPortfolios } from '../../src/server/demo/portfolios';
import { FOREIGN_KEY_VIOLATION, pgErrorCode, RESTRICT_VIOLATION } from '../../src/server/db/errors';
import { loadDemoRiskProfiles } from '../../src/server/demo/risk-profiles';
import { now } from '../../src/server/clock';
import { wibDate } from '../../src/domain/dates';
import { executeRows } from '../../src/server/db/rows';

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

/**
 * What `npm start` loads (docs/operations.md, "Real market data only"): `--no-demo` loads no demo market and no demo
 * accounts; `--demo-accounts` with it creates the four demo accounts alone (no sample portfolios, which
 * need the demo tickers); `--demo` allows demo data into a `DATABASE_URL` database.
 */
export interface DemoChoice {
  market: boolean;
  accounts: boolean;
  allowExternal: boolean;
}

/** The demo choice of a start command line. */
export function demoChoice(argv: readonly string[]): DemoChoice {
  const market = !argv.includes('--no-demo');
  return { market, accounts: market || argv.includes('--demo-accounts'), allowExternal: argv.includes('--demo') };
}

async function presentDemoAccounts(handle: DbHandle): Promise<DemoResult['accounts']> {
  const demo = await executeRows<{ email: string }>(
    handle.db,
    sql`select email from users where email like '%@telaah.test'`,
  );
  const present = new Set(demo.map((r) => r.email));
  return DEMO_ACCOUNTS.filter((a) => present.has(a.email));
}

/**
 * Loads demo data when the database has no emiten yet (embedded), or when `allowExternal` is set; with
 * `market` off, loads no market and, when `accounts` is on, creates only the demo accounts (once).
 */
export async function ensureDemoData(handle: DbHandle, choice: DemoChoice): Promise<DemoResult> {
  const result: DemoResult = { loaded: false, password: DEMO_PASSWORD, accounts: [] };
  if (handle.kind === 'postgres' && !choice.allowExternal) return result;
  if (!choice.market) {
    if (await demoMarketInfo(handle.db)) {
      console.warn(
        'Pasar demo masih ada di database ini (--no-demo tidak menghapusnya): `npm run market:import -- --replace-demo …` menggantinya dengan data impor.',
      );
    }
    if (choice.accounts && (await presentDemoAccounts(handle)).length < DEMO_ACCOUNTS.length) {
      const ids = await loadDemoAccounts(handle.db, now());
      await loadDemoRiskProfiles(handle.db, ids, now());
    }
    result.accounts = choice.accounts ? await presentDemoAccounts(handle) : [];
    return result;
  }
  const [row] = await handle.db.select({ n: sql<number>`count(*)::int` }).from(emiten);
  if ((row?.n ?? 0) === 0) {
    console.log('Empty database: loading demo data…');
    await loadDemo(handle);
    result.loaded = true;
  }
  result.accounts = await presentDemoAccounts(handle);
  return result;
}
