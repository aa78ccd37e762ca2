/**
 * Validation of fundamentals files: `ticker,period_end,revenue,net_income,equity,eps,bvps`, one row per
 * company and quarter (docs/product.md §5). Revenue and net income are the quarter's own (not the year to
 * date, as financial statements print them), equity is at the quarter's end; amounts in whole Rupiah, EPS
 * and BVPS in Rupiah per share as reported for that period (the pages restate them across later splits).
 */
import Decimal from 'decimal.js';
import { DuplicateGuard, RowReader, tickerRef } from './row-reader';
import type { RowContext, RowValidator } from './context';
import type { FundamentalRecord, TickerRef } from './types';

const AMOUNT_RULE = 'harus bilangan bulat Rupiah (boleh negatif untuk rugi)';
const REVENUE_RULE = 'pendapatan harus bilangan bulat Rupiah, tidak negatif';

/** Per-share value: at most 4 decimals and 10 integer digits (numeric(14,4)); negative for a loss. */
function perShare(r: RowReader, key: 'eps' | 'bvps'): string | undefined {
  const rule = `${key} harus angka dengan paling banyak 4 desimal`;
  if (!r.raw(key)) return r.fail(key, 'wajib diisi');
  const s = r.optionalDecimal(key, rule);
  if (!s) return undefined;
  const d = new Decimal(s);
  return d.decimalPlaces() > 4 || d.abs().gte(1e10) ? r.fail(key, rule) : d.toFixed();
}

/** A quarter ends on the last day of March, June, September or December. */
function quarterEnd(r: RowReader, ctx: RowContext): string | undefined {
  const d = r.date('period_end', ctx.today);
  if (!d) return undefined;
  return ['03-31', '06-30', '09-30', '12-31'].includes(d.slice(5))
    ? d
    : r.fail('period_end', `tanggal ${d} bukan akhir kuartal (31 Maret, 30 Juni, 30 September, 31 Desember)`);
}

function readFundamental(r: RowReader, ctx: RowContext): FundamentalRecord | undefined {
  const rec = {
    ticker: r.ticker('ticker'),
    periodEnd: quarterEnd(r, ctx),
    revenue: r.integer('revenue', 0, REVENUE_RULE),
    netIncome: r.integer('net_income', Number.MIN_SAFE_INTEGER, `laba bersih ${AMOUNT_RULE}`),
    equity: r.integer('equity', Number.MIN_SAFE_INTEGER, `ekuitas ${AMOUNT_RULE}`),
    eps: perShare(r, 'eps'),
    bvps: perShare(r, 'bvps'),
  };
  return r.failed ? undefined : (rec as FundamentalRecord);
}

/** Validates fundamentals; one row per ticker and period end. */
export const validateFundamentals: RowValidator = (rows, ctx) => {
  const fundamentals: FundamentalRecord[] = [];
  const refs: TickerRef[] = [];
  const dupes = new DuplicateGuard();
  for (const r of rows) {
    const rec = readFundamental(r, ctx);
    const ref = tickerRef(r, 'ticker');
    if (ref) refs.push(ref);
    if (rec) dupes.check(r, `${rec.ticker}|${rec.periodEnd}`, 'period_end', `${rec.ticker} periode ${rec.periodEnd}`);
    if (rec && !r.failed) fundamentals.push(rec);
  }
  return { file: { kind: 'fundamentals', fundamentals }, refs };
};
