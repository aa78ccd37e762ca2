/**
 * Validation of corporate action files:
 * `ticker,type,cum_date,ex_date,recording_date,payment_date,amount,ratio_from,ratio_to,note`.
 * Dates may lie in the future: actions are announced before they happen.
 */
import Decimal from 'decimal.js';
import { CORPORATE_ACTION_TYPES, type CorporateActionType } from '../../db/schema';
import { DuplicateGuard, RowReader, tickerRef } from './row-reader';
import type { RowValidator } from './context';
import type { ActionRecord, TickerRef } from './types';

const RATIO_RULE = 'rasio harus bilangan bulat positif';

function actionType(r: RowReader): CorporateActionType | undefined {
  const s = r.raw('type').toLowerCase();
  if (!s) return r.fail('type', 'wajib diisi');
  const found = CORPORATE_ACTION_TYPES.find((t) => t === s);
  return (
    found ?? r.fail('type', `jenis aksi "${s}" tidak dikenal; pilih salah satu: ${CORPORATE_ACTION_TYPES.join(', ')}`)
  );
}

/** Amount per share: non-negative, at most 4 decimals and 10 integer digits (numeric(14,4)). */
function amount(r: RowReader): string | null | undefined {
  const rule = 'amount harus angka tidak negatif dengan paling banyak 4 desimal';
  const s = r.optionalDecimal('amount', rule);
  if (!s) return s;
  const d = new Decimal(s);
  return d.isNegative() || d.decimalPlaces() > 4 || d.gte(1e10) ? r.fail('amount', rule) : d.toFixed();
}

/** Rules between columns: dates in order, a dividend's amount, the ratios a share change needs. */
function checkRules(r: RowReader, a: ActionRecord): void {
  if (a.exDate <= a.cumDate) r.fail('ex_date', `ex date ${a.exDate} harus setelah cum date ${a.cumDate}`);
  if (a.type === 'dividend' && !(a.amount && new Decimal(a.amount).gt(0))) {
    r.fail('amount', 'dividen wajib punya amount lebih dari 0');
  }
  if (a.type === 'rights') checkRights(r, a);
  if (a.type !== 'split' && a.type !== 'reverse_split' && a.type !== 'bonus') return;
  if (a.ratioFrom === null) r.fail('ratio_from', `rasio wajib diisi untuk ${a.type}`);
  if (a.ratioTo === null) r.fail('ratio_to', `rasio wajib diisi untuk ${a.type}`);
  if (a.ratioFrom === null || a.ratioTo === null) return;
  if (a.type === 'split' && a.ratioTo <= a.ratioFrom) {
    r.fail('ratio_to', 'split harus menambah jumlah saham (ratio_to lebih besar dari ratio_from)');
  }
  if (a.type === 'reverse_split' && a.ratioTo >= a.ratioFrom) {
    r.fail('ratio_to', 'reverse split harus mengurangi jumlah saham (ratio_to lebih kecil dari ratio_from)');
  }
}

/** A rights issue needs its ratio and exercise price (amount); its period, when given, in order. */
function checkRights(r: RowReader, a: ActionRecord): void {
  if (a.ratioFrom === null) r.fail('ratio_from', 'rasio wajib diisi untuk rights');
  if (a.ratioTo === null) r.fail('ratio_to', 'rasio wajib diisi untuk rights');
  if (!(a.amount && new Decimal(a.amount).gt(0)))
    r.fail('amount', 'rights wajib punya harga pelaksanaan (amount) lebih dari 0');
  if (a.exerciseStart && a.exerciseEnd && a.exerciseEnd < a.exerciseStart)
    r.fail('exercise_end', `akhir periode ${a.exerciseEnd} sebelum awalnya ${a.exerciseStart}`);
}

function readAction(r: RowReader): ActionRecord | undefined {
  const rec = {
    ticker: r.ticker('ticker'),
    type: actionType(r),
    cumDate: r.date('cum_date'),
    exDate: r.date('ex_date'),
    recordingDate: r.optionalDate('recording_date'),
    paymentDate: r.optionalDate('payment_date'),
    amount: amount(r),
    ratioFrom: r.optionalInteger('ratio_from', 1, RATIO_RULE),
    ratioTo: r.optionalInteger('ratio_to', 1, RATIO_RULE),
    note: r.optionalText('note'),
    exerciseStart: r.optionalDate('exercise_start'),
    exerciseEnd: r.optionalDate('exercise_end'),
  };
  if (r.failed) return undefined;
  checkRules(r, rec as ActionRecord);
  return r.failed ? undefined : (rec as ActionRecord);
}

/** Validates corporate actions; one action per ticker, type and ex date. */
export const validateActions: RowValidator = (rows) => {
  const actions: ActionRecord[] = [];
  const refs: TickerRef[] = [];
  const dupes = new DuplicateGuard();
  for (const r of rows) {
    const rec = readAction(r);
    const ref = tickerRef(r, 'ticker');
    if (ref) refs.push(ref);
    if (rec)
      dupes.check(
        r,
        `${rec.ticker}|${rec.type}|${rec.exDate}`,
        'ex_date',
        `${rec.type} ${rec.ticker} ex date ${rec.exDate}`,
      );
    if (rec && !r.failed) actions.push(rec);
  }
  return { file: { kind: 'actions', actions }, refs };
};
