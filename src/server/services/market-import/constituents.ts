/**
 * Validation of index constituent files (docs/product.md §5.8): `index,effective_date,ticker`, one row per
 * member of an index (LQ45, IDX30, JII) in the period that starts on the effective date. A file gives each
 * period it names whole: on import, members of that period missing from the file are removed.
 */
import { CONSTITUENT_INDEXES, CONSTITUENT_MAX, constituentIndex, type ConstituentIndex } from '../../../domain/indexes';
import { DuplicateGuard, RowReader, tickerRef } from './row-reader';
import type { RowValidator } from './context';
import type { ConstituentRecord, TickerRef } from './types';

function readConstituent(r: RowReader): ConstituentRecord | undefined {
  const raw = r.raw('index');
  const indexCode = !raw
    ? r.fail('index', 'wajib diisi')
    : (constituentIndex(raw) ??
      r.fail('index', `indeks "${raw}" tidak dikenal (gunakan ${CONSTITUENT_INDEXES.join(', ')})`));
  // IDX announces a new list days before it takes effect, so a future effective date is accepted.
  const rec = { indexCode, effectiveDate: r.date('effective_date'), ticker: r.ticker('ticker') };
  return r.failed ? undefined : (rec as ConstituentRecord);
}

/** Validates constituent rows: no code twice in one period, no period above its index's size. */
export const validateConstituents: RowValidator = (rows) => {
  const constituents: ConstituentRecord[] = [];
  const refs: TickerRef[] = [];
  const dupes = new DuplicateGuard();
  const sizes = new Map<string, number>();
  for (const r of rows) {
    const rec = readConstituent(r);
    const ref = tickerRef(r, 'ticker');
    if (ref) refs.push(ref);
    if (!rec) continue;
    const period = `${rec.indexCode} periode ${rec.effectiveDate}`;
    dupes.check(r, `${rec.indexCode}|${rec.effectiveDate}|${rec.ticker}`, 'ticker', `${rec.ticker} di ${period}`);
    if (r.failed) continue;
    const count = (sizes.get(period) ?? 0) + 1;
    sizes.set(period, count);
    const max = CONSTITUENT_MAX[rec.indexCode as ConstituentIndex];
    if (count > max) r.fail('ticker', `${period} melebihi ${max} anggota (baris ini anggota ke-${count})`);
    else constituents.push(rec);
  }
  return { file: { kind: 'constituents', constituents }, refs };
};
