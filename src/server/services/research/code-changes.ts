/**
 * Codes an emiten traded under before IDX changed its code: the old code leads to the current one
 * (pages answer 301 to the new URL). Read once per market-data version.
 */
import type { Db } from '../../db/client';
import { emitenCodeChanges } from '../../db/schema';
import { perMarketVersion } from '../market/cache';

function codeChangeTable(db: Db): Promise<Map<string, string>> {
  return perMarketVersion(db, 'code-changes', async () => {
    const rows = await db.select().from(emitenCodeChanges);
    return new Map(rows.map((r) => [r.oldCode, r.ticker]));
  });
}

/** The current code of an emiten that once traded as `oldCode`; undefined when `oldCode` is no old code. */
export async function renamedCode(db: Db, oldCode: string): Promise<string | undefined> {
  return (await codeChangeTable(db)).get(oldCode);
}
