/** Database side of an import: the emiten check for referenced codes and the upserts per kind. */
import { inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { corporateActions, dailyPrices, emiten, indexPrices } from '../../db/schema';
import { BATCH_SIZE, upsertCounted, type UpsertSpec } from './upsert';
import type { RowError, TickerRef, ValidatedFile, WriteCounts } from './types';

const PRICE_COLUMNS = ['open', 'high', 'low', 'close', 'volume'] as const;

const SPECS = {
  emiten: {
    table: emiten,
    keys: ['ticker'],
    update: ['name', 'sector', 'subSector', 'board', 'listingDate', 'sharesOutstanding'],
  },
  stocks: { table: dailyPrices, keys: ['ticker', 'date'], update: PRICE_COLUMNS },
  indexes: { table: indexPrices, keys: ['code', 'date'], update: PRICE_COLUMNS },
  actions: {
    table: corporateActions,
    keys: ['ticker', 'type', 'exDate'],
    update: ['cumDate', 'recordingDate', 'paymentDate', 'amount', 'ratioFrom', 'ratioTo', 'note'],
  },
} satisfies Record<string, UpsertSpec>;

/** Errors for every reference to a stock code that `emiten` does not hold. */
export async function unknownTickerErrors(tx: Tx, refs: readonly TickerRef[]): Promise<RowError[]> {
  const wanted = [...new Set(refs.map((r) => r.ticker))];
  const known = new Set<string>();
  for (let i = 0; i < wanted.length; i += BATCH_SIZE) {
    const chunk = wanted.slice(i, i + BATCH_SIZE);
    const rows = await tx.select({ t: emiten.ticker }).from(emiten).where(inArray(emiten.ticker, chunk));
    for (const r of rows) known.add(r.t);
  }
  return refs
    .filter((r) => !known.has(r.ticker))
    .map((r) => ({ line: r.line, column: r.column, message: `kode saham ${r.ticker} tidak terdaftar di emiten` }));
}

const add = (a: WriteCounts, b: WriteCounts): WriteCounts => ({
  inserted: a.inserted + b.inserted,
  updated: a.updated + b.updated,
  unchanged: a.unchanged + b.unchanged,
});

/** Writes a validated file; the caller wraps this in the file's transaction. */
export async function writeFile(tx: Tx, file: ValidatedFile): Promise<WriteCounts> {
  switch (file.kind) {
    case 'emiten':
      return upsertCounted(tx, SPECS.emiten, file.emiten);
    case 'actions':
      return upsertCounted(tx, SPECS.actions, file.actions);
    default:
      return add(
        await upsertCounted(tx, SPECS.stocks, file.stocks),
        await upsertCounted(tx, SPECS.indexes, file.indexes),
      );
  }
}
