/**
 * The member's choice per dividend received gross (docs/product.md §5.5), set from the dividend and
 * holding pages (the engine reads them in engine-input.ts). A dividend is addressed by its portfolio and the engine's key;
 * only a received gross dividend of the member's own portfolio can be decided.
 */
import { sql } from 'drizzle-orm';
import { isIsoDay } from '../../../domain/dates';
import type { DividendTaxChoice } from '../../../domain/portfolio';
import { DIVIDEND_CHOICE_LABEL } from '../../../lib/dividend-tax-labels';
import type { Db } from '../../db/client';
import { dividendTaxDecisions, portfolios } from '../../db/schema';
import { computeFor, loadPortfolioData } from './engine-input';
import { NOT_FOUND_PORTFOLIO, type Outcome } from './types';

export interface DecisionInput {
  portfolioId?: unknown;
  dividendKey?: unknown;
  choice?: unknown;
  paidDate?: unknown;
}

const CHOICES: readonly DividendTaxChoice[] = ['reinvested', 'self_paid', 'undecided'];

const NOT_FOUND_DIVIDEND: Outcome<never> = {
  ok: false,
  status: 404,
  message: 'Dividen tidak ditemukan, atau tidak diterima bruto sehingga tidak perlu dipilih.',
};

/**
 * Records the member's choice for one received gross dividend. `paidDate` is required for
 * `self_paid` (not before the payment date, not after today) and ignored otherwise.
 */
export async function setDividendDecision(
  db: Db,
  userId: string,
  input: DecisionInput,
  today: string,
): Promise<Outcome<{ ticker: string; choice: DividendTaxChoice }>> {
  const choice = String(input.choice ?? '') as DividendTaxChoice;
  if (!CHOICES.includes(choice)) {
    return {
      ok: false,
      status: 400,
      message: 'Pilih status pajak dividen: diinvestasikan kembali, disetor sendiri, atau belum ditentukan.',
      fields: { choice: 'Status pajak dividen tidak dikenal.' },
    };
  }
  const data = await loadPortfolioData(db, userId, {
    portfolioId: String(input.portfolioId ?? '') || undefined,
    asOf: today,
    prices: false,
  });
  if (!data || !data.selected) return NOT_FOUND_PORTFOLIO;
  const portfolioId = data.selected.id;
  const key = String(input.dividendKey ?? '');
  const record = computeFor(data, portfolioId).dividends.records.find(
    (r) => r.key === key && r.portfolioId === portfolioId && r.treatment === 'gross' && r.status === 'received',
  );
  if (!record) return NOT_FOUND_DIVIDEND;
  let paidDate: string | null = null;
  if (choice === 'self_paid') {
    paidDate = String(input.paidDate ?? '').trim();
    if (!isIsoDay(paidDate) || paidDate < record.paymentDate! || paidDate > today) {
      const message = 'Tanggal setor harus tanggal (YYYY-MM-DD) antara tanggal bayar dividen dan hari ini.';
      return { ok: false, status: 400, message, fields: { paidDate: message } };
    }
  }
  await db.transaction(async (tx) => {
    await tx
      .insert(dividendTaxDecisions)
      .values({ portfolioId, dividendKey: key, choice, paidDate })
      .onConflictDoUpdate({
        target: [dividendTaxDecisions.portfolioId, dividendTaxDecisions.dividendKey],
        set: { choice, paidDate, updatedAt: new Date() },
      });
    // A decision changes the portfolio's figures: touching its row makes the portfolios trigger bump
    // the member's data version, which every cached report and member page is kept under
    // (db/data-versions.ts, decision 0044).
    await tx.execute(sql`update ${portfolios} set name = name where id = ${portfolioId}`);
  });
  return { ok: true, warnings: [], ticker: record.ticker, choice };
}

/** What a page does after the dividend-tax form: go back with a flash message, or render the refusal. */
export type DecisionFormResult =
  | { kind: 'redirect'; flash: { tone: 'success'; message: string } }
  | { kind: 'render'; status: number; message: string };

/** The no-JavaScript form of DividendTaxCards (intent `dividend-tax`), for any page that shows them. */
export async function dividendTaxForm(
  db: Db,
  userId: string,
  values: Record<string, string>,
  today: string,
): Promise<DecisionFormResult> {
  const r = await setDividendDecision(db, userId, values, today);
  if (!r.ok) return { kind: 'render', status: r.status, message: r.message };
  return {
    kind: 'redirect',
    flash: {
      tone: 'success',
      message: `Status pajak dividen ${r.ticker} disimpan: ${DIVIDEND_CHOICE_LABEL[r.choice]}.`,
    },
  };
}
