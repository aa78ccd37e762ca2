/**
 * Validation of warrant files (docs/product.md §5.6):
 * `code,underlying,exercise_price,expiry[,ratio_warrants,ratio_shares,exercise_start]`. The warrant's code
 * and its company must both be in `emiten` (list the warrant in the emiten file first).
 */
import Decimal from 'decimal.js';
import { isStockCode, isWarrantCode } from '../../../domain/corporate/codes';
import { DuplicateGuard, RowReader, tickerRef } from './row-reader';
import type { RowValidator } from './context';
import type { TickerRef, WarrantRecord } from './types';

const RATIO_RULE = 'rasio harus bilangan bulat positif';

function code(r: RowReader, key: string, ok: (c: string) => boolean, example: string): string | undefined {
  const c = r.raw(key).toUpperCase();
  if (!c) return r.fail(key, 'wajib diisi');
  return ok(c) ? c : r.fail(key, `kode "${c}" tidak berbentuk ${example}`);
}

function price(r: RowReader): string | undefined {
  const rule = 'harga pelaksanaan harus angka lebih dari 0 dengan paling banyak 4 desimal';
  if (!r.raw('exercise_price')) return r.fail('exercise_price', 'wajib diisi');
  const s = r.optionalDecimal('exercise_price', rule);
  if (!s) return undefined;
  const d = new Decimal(s);
  return d.lte(0) || d.decimalPlaces() > 4 || d.gte(1e10) ? r.fail('exercise_price', rule) : d.toFixed();
}

function readWarrant(r: RowReader): WarrantRecord | undefined {
  const rec = {
    code: code(r, 'code', isWarrantCode, 'kode waran (ABCD-W)'),
    underlying: code(r, 'underlying', isStockCode, 'kode saham (ABCD)'),
    exercisePrice: price(r),
    expiry: r.date('expiry'),
    ratioWarrants: r.optionalInteger('ratio_warrants', 1, RATIO_RULE) ?? 1,
    ratioShares: r.optionalInteger('ratio_shares', 1, RATIO_RULE) ?? 1,
    exerciseStart: r.optionalDate('exercise_start'),
  };
  return r.failed ? undefined : (rec as WarrantRecord);
}

/** Validates warrant rows; a code listed twice in one file is an error. */
export const validateWarrants: RowValidator = (rows) => {
  const warrants: WarrantRecord[] = [];
  const refs: TickerRef[] = [];
  const dupes = new DuplicateGuard();
  for (const r of rows) {
    const rec = readWarrant(r);
    for (const key of ['code', 'underlying']) {
      const ref = tickerRef(r, key);
      if (ref) refs.push(ref);
    }
    if (rec) dupes.check(r, rec.code, 'code', `waran ${rec.code}`);
    if (rec && !r.failed) warrants.push(rec);
  }
  return { file: { kind: 'warrants', warrants }, refs };
};
