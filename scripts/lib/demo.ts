/**
 * Demo data on first start: only into an empty embedded database, or an external one when asked.
 */
import { sql } from 'drizzle-orm';
import type { DbHandle } from '../../src/server/db/client';
import { emiten } from '../../src/server/db/schema';
import { reloadDemoMarket } from '../../src/server/db/demo';
import { now } from '../../src/server/config';
import { wibDate } from '../../src/lib/format';

export const DEMO_PASSWORD = 'telaah-demo';

export interface DemoResult {
  loaded: boolean;
  password: string;
  accounts: { email: string; label: string }[];
}

/** Loads demo data when the database has no emiten yet (embedded), or when `allowExternal` is set. */
export async function ensureDemoData(handle: DbHandle, opts: { allowExternal: boolean }): Promise<DemoResult> {
  const result: DemoResult = { loaded: false, password: DEMO_PASSWORD, accounts: [] };
  if (handle.kind === 'postgres' && !opts.allowExternal) return result;
  const [row] = await handle.db.select({ n: sql<number>`count(*)::int` }).from(emiten);
  if ((row?.n ?? 0) > 0) return result;
  console.log('Empty database: loading demo data…');
  const counts = await reloadDemoMarket(handle.db, { today: wibDate(now()) });
  console.log(`Demo data loaded: ${counts.emiten} emiten, ${counts.prices} daily prices, ${counts.actions} corporate actions.`);
  return { ...result, loaded: true };
}
