/**
 * The no-JavaScript forms of /portofolio/transaksi: one POST handler that dispatches on the form's
 * `intent`, calls the portfolio service and says what the page does next — redirect with a flash message
 * (POST/redirect/GET) or render again with the entered values and the Indonesian errors
 * (docs/decisions/0017-forms-one-convention.md).
 */
import { formatDate, formatNumber, formatRupiah } from '../../../lib/format';
import type { Db } from '../../db/client';
import { UNKNOWN_FORM, type Flash, type PostedForm } from '../../http/forms';
import { addTransaction, deleteTransaction, updateTransaction } from './transactions';
import { createPortfolio, updatePortfolio } from './portfolios';
import { importTransactions } from './import';
import type { ImportProblem } from './csv';
import type { FieldErrors, StoredTransaction } from './types';
import { typeTitle } from '../../../lib/labels';

export type FormName = 'transaction' | 'delete' | 'import' | 'portfolio' | 'new-portfolio';

export type FormResult =
  | { kind: 'redirect'; location: string; flash: Flash }
  | {
      kind: 'render';
      status: number;
      form: FormName;
      message: string;
      fields?: FieldErrors;
      values: Record<string, string>;
      problems?: ImportProblem[];
    };

const PAGE = '/portofolio/transaksi';
const pageFor = (portfolioId: string) => `${PAGE}?portofolio=${encodeURIComponent(portfolioId)}`;

function describe(t: StoredTransaction): string {
  const what = `${typeTitle(t.type)} ${t.ticker} ${formatNumber(t.shares)} lembar pada ${formatDate(t.date)}`;
  return t.type === 'dividend' ? what : `${what} (biaya ${formatRupiah(t.fee)})`;
}

async function onTransaction(db: Db, userId: string, form: PostedForm, today: string): Promise<FormResult> {
  const v = form.values();
  const raw = {
    date: v.date,
    ticker: v.ticker,
    type: v.type,
    quantity: v.quantity,
    unit: v.unit,
    price: v.price,
    fee: v.fee,
  };
  const r = v.id
    ? await updateTransaction(db, userId, v.id, raw, { today })
    : await addTransaction(db, userId, v.portfolioId || null, raw, { today });
  if (!r.ok)
    return { kind: 'render', status: r.status, form: 'transaction', message: r.message, fields: r.fields, values: v };
  const message = `${describe(r.transaction)} ${v.id ? 'diperbarui' : 'tersimpan'}.`;
  return {
    kind: 'redirect',
    location: pageFor(r.transaction.portfolioId),
    flash: { tone: 'success', message, warnings: r.warnings },
  };
}

async function onDelete(db: Db, userId: string, form: PostedForm): Promise<FormResult> {
  const v = form.values();
  const r = await deleteTransaction(db, userId, v.id);
  if (!r.ok) return { kind: 'render', status: r.status, form: 'delete', message: r.message, values: v };
  return {
    kind: 'redirect',
    location: pageFor(r.deleted.portfolioId),
    flash: { tone: 'success', message: `${describe(r.deleted)} dihapus.` },
  };
}

async function onImport(db: Db, userId: string, form: PostedForm, today: string): Promise<FormResult> {
  const v = form.values();
  const file = form.file('file');
  if (!file) {
    return { kind: 'render', status: 400, form: 'import', message: 'Pilih berkas CSV yang akan diimpor.', values: v };
  }
  const r = await importTransactions(db, userId, await file.text(), {
    portfolioId: v.portfolioId || null,
    preview: false,
    fileName: file.name,
    today,
  });
  if (!r.ok)
    return { kind: 'render', status: r.status, form: 'import', message: r.message, problems: r.errors, values: v };
  const warnings = r.warnings.map((w) => `Baris ${w.line}: ${w.message}${w.row ? ` (isi baris: ${w.row})` : ''}`);
  return {
    kind: 'redirect',
    location: pageFor(r.portfolio!.id),
    flash: { tone: r.alreadyImported ? 'info' : 'success', message: r.message, warnings },
  };
}

async function onPortfolio(db: Db, userId: string, form: PostedForm, create: boolean): Promise<FormResult> {
  const v = form.values();
  const input = {
    name: v.name,
    buyPct: v.buyPct,
    sellPct: v.sellPct,
    dividendTax: v.dividendTax,
    // An unticked checkbox is not sent at all.
    feesInAverage: v.feesInAverage ?? 'off',
  };
  const r = create ? await createPortfolio(db, userId, input) : await updatePortfolio(db, userId, v.id, input);
  if (!r.ok)
    return {
      kind: 'render',
      status: r.status,
      form: create ? 'new-portfolio' : 'portfolio',
      message: r.message,
      fields: r.fields,
      values: v,
    };
  const message = create ? `Portofolio ${r.portfolio.name} dibuat.` : `Pengaturan ${r.portfolio.name} disimpan.`;
  return { kind: 'redirect', location: `${pageFor(r.portfolio.id)}#pengaturan`, flash: { tone: 'success', message } };
}

/** Handles one POST of the transactions page. */
export async function handlePortfolioForm(
  db: Db,
  userId: string,
  form: PostedForm,
  today: string,
): Promise<FormResult> {
  switch (form.intent) {
    case 'transaction':
      return onTransaction(db, userId, form, today);
    case 'delete':
      return onDelete(db, userId, form);
    case 'import':
      return onImport(db, userId, form, today);
    case 'create-portfolio':
      return onPortfolio(db, userId, form, true);
    case 'update-portfolio':
      return onPortfolio(db, userId, form, false);
    default:
      return {
        kind: 'render',
        status: 400,
        form: 'transaction',
        message: UNKNOWN_FORM,
        values: {},
      };
  }
}
