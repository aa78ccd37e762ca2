/** Database side of an import: the emiten check for referenced codes and the upserts per kind. */
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import {
  corporateActions,
  dailyPrices,
  emiten,
  fundamentals,
  indexConstituents,
  indexPrices,
  warrants,
} from '../../db/schema';
import { recordStatusChanges } from './status-changes';
import { BATCH_SIZE, upsertCounted, type UpsertSpec } from './upsert';
import { applyCodeChanges, rememberCodeChanges } from './code-change';
import type { ConstituentRecord, EmitenRecord, RowError, TickerRef, ValidatedFile, WriteCounts } from './types';

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
    update: [
      'cumDate',
      'recordingDate',
      'paymentDate',
      'amount',
      'ratioFrom',
      'ratioTo',
      'note',
      'exerciseStart',
      'exerciseEnd',
    ],
  },
  warrants: {
    table: warrants,
    keys: ['code'],
    update: ['underlying', 'exercisePrice', 'ratioWarrants', 'ratioShares', 'exerciseStart', 'expiry'],
  },
  fundamentals: {
    table: fundamentals,
    keys: ['ticker', 'periodEnd'],
    update: ['revenue', 'netIncome', 'equity', 'eps', 'bvps'],
  },
} satisfies Record<string, UpsertSpec>;

/**
 * The emiten columns a row updates: `delistedAt` only for rows of a file with a `delisting_date` column
 * (that column says whether the stock is delisted), the flags only for a file with status columns (§5.7).
 */
function emitenSpec(lifecycle: boolean, status: boolean): UpsertSpec {
  const update: string[] = [...SPECS.emiten.update];
  if (lifecycle) update.push('delistedAt');
  if (status) update.push('notations', 'suspended');
  return { ...SPECS.emiten, update };
}

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

/** Emiten rows: code changes first, then status changes against the stored flags, then the upsert. */
async function writeEmiten(tx: Tx, records: EmitenRecord[], status: boolean, today: string): Promise<WriteCounts> {
  await applyCodeChanges(tx, records);
  if (status) await recordStatusChanges(tx, records, today);
  const rows = records.map(({ previousCode: _, ...r }) => r);
  const counts = add(
    await upsertCounted(
      tx,
      emitenSpec(false, status),
      rows.filter((r) => r.delistedAt === undefined),
    ),
    await upsertCounted(
      tx,
      emitenSpec(true, status),
      rows.filter((r) => r.delistedAt !== undefined),
    ),
  );
  await rememberCodeChanges(tx, records);
  return counts;
}

/**
 * Constituent rows (docs/product.md §5.8): each period the file names is replaced by the file's list. New
 * members count as inserted, members kept as unchanged, members the file drops from a period as updated.
 */
async function writeConstituents(tx: Tx, records: ConstituentRecord[]): Promise<WriteCounts> {
  const periods = new Map<string, { indexCode: string; effectiveDate: string; tickers: string[] }>();
  for (const r of records) {
    const key = `${r.indexCode}|${r.effectiveDate}`;
    const p = periods.get(key) ?? { indexCode: r.indexCode, effectiveDate: r.effectiveDate, tickers: [] };
    p.tickers.push(r.ticker);
    periods.set(key, p);
  }
  let removed = 0;
  for (const p of periods.values()) {
    const gone = await tx
      .delete(indexConstituents)
      .where(
        and(
          eq(indexConstituents.indexCode, p.indexCode),
          eq(indexConstituents.effectiveDate, p.effectiveDate),
          notInArray(indexConstituents.ticker, p.tickers),
        ),
      )
      .returning({ t: indexConstituents.ticker });
    removed += gone.length;
  }
  let inserted = 0;
  for (let i = 0; i < records.length; i += BATCH_SIZE) {
    const rows = await tx
      .insert(indexConstituents)
      .values(records.slice(i, i + BATCH_SIZE))
      .onConflictDoNothing()
      .returning({ t: indexConstituents.ticker });
    inserted += rows.length;
  }
  return { inserted, updated: removed, unchanged: records.length - inserted };
}

/** Writes a validated file on `today` (WIB); the caller wraps this in the file's transaction. */
export async function writeFile(tx: Tx, file: ValidatedFile, today: string): Promise<WriteCounts> {
  switch (file.kind) {
    case 'emiten':
      return writeEmiten(tx, file.emiten, file.status, today);
    case 'actions':
      return upsertCounted(tx, SPECS.actions, file.actions);
    case 'warrants':
      return upsertCounted(tx, SPECS.warrants, file.warrants);
    case 'fundamentals':
      return upsertCounted(tx, SPECS.fundamentals, file.fundamentals);
    case 'constituents':
      return writeConstituents(tx, file.constituents);
    default:
      return add(
        await upsertCounted(tx, SPECS.stocks, file.stocks),
        await upsertCounted(tx, SPECS.indexes, file.indexes),
      );
  }
}
