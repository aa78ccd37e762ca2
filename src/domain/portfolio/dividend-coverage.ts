/**
 * The tax position of each dividend received gross (docs/product.md §5.5): its deadlines, the IDX buys
 * that cover it when the member reinvests it, the tax still due, and whether covering shares were sold
 * within the holding term.
 *
 * Coverage: per portfolio, reinvested dividends in payment order take the portfolio's buys made after
 * their payment date and by their investment deadline, oldest first; a buy covers up to what was paid
 * for it (value + fee), and what one dividend takes no later one can. Cost: one sort and one walk.
 *
 * Holding: per (portfolio, ticker), a sell that leaves fewer shares than the covering shares bought so
 * far whose term has not ended breaks coverage, covering shares taken oldest first; their dividends are
 * flagged. Share-count actions (splits, bonus shares) are not applied to covering shares.
 */
import { decisionKey, holdUntil, investDeadline, selfPayDeadline, taxDue } from './dividend-tax';
import { tradeValue } from './money';
import type { DividendCoverage, DividendDecision, DividendRecord, IsoDate, Transaction } from './types';

interface Buy {
  tx: Transaction;
  paid: number;
  left: number;
}

interface Commitment {
  record: DividendRecord;
  buyDate: IsoDate;
  holdUntil: IsoDate;
  shares: number;
}

const byDate = (a: { date: IsoDate }, b: { date: IsoDate }) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0);

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}

/** Covers the portfolio's reinvested dividends (payment order) with its buys (date order). */
function cover(dividends: DividendRecord[], buys: Buy[]): void {
  let next = 0;
  for (const r of dividends) {
    const d = r.taxDetail!;
    while (next < buys.length && buys[next]!.tx.date <= r.paymentDate!) next++;
    for (let i = next; i < buys.length && d.covered < r.gross; i++) {
      const b = buys[i]!;
      if (b.tx.date > d.investDeadline) break;
      if (b.left === 0) continue;
      const amount = Math.min(b.left, r.gross - d.covered);
      b.left -= amount;
      d.covered += amount;
      const shares = Math.min(b.tx.shares, Math.ceil((amount * b.tx.shares) / b.paid));
      d.coverage.push({ transactionId: b.tx.id, ticker: b.tx.ticker, date: b.tx.date, amount, shares });
    }
  }
}

/** Flags dividends whose covering shares of one (portfolio, ticker) were sold within their term. */
function checkHolding(trades: readonly Transaction[], commitments: Commitment[]): void {
  commitments.sort((a, b) => (a.buyDate < b.buyDate ? -1 : a.buyDate > b.buyDate ? 1 : 0));
  let held = 0;
  let next = 0;
  let active: Commitment[] = [];
  for (const tx of trades) {
    while (next < commitments.length && commitments[next]!.buyDate <= tx.date) active.push(commitments[next++]!);
    if (tx.type === 'buy') held += tx.shares;
    if (tx.type !== 'sell') continue;
    held -= tx.shares;
    active = active.filter((c) => c.holdUntil >= tx.date);
    let shortfall = active.reduce((s, c) => s + c.shares, 0) - Math.max(0, held);
    while (shortfall > 0 && active.length > 0) {
      const broken = active.shift()!;
      broken.record.taxDetail!.flagged = true;
      shortfall -= broken.shares;
    }
  }
}

/**
 * Fills `taxDetail` of every received `gross` dividend from the member's decisions and trades (all up
 * to as-of, any order); other records keep null.
 */
export function applyDividendTax(
  records: readonly DividendRecord[],
  trades: readonly Transaction[],
  decisions: ReadonlyMap<string, DividendDecision> | undefined,
): void {
  const gross = records.filter((r) => r.treatment === 'gross' && r.status === 'received' && r.paymentDate);
  for (const r of gross) {
    const decision = decisions?.get(decisionKey(r.portfolioId, r.key));
    const pay = r.paymentDate!;
    r.taxDetail = {
      choice: decision?.choice ?? 'undecided',
      paidDate: decision?.choice === 'self_paid' ? decision.paidDate : null,
      selfPayDeadline: selfPayDeadline(pay),
      investDeadline: investDeadline(pay),
      holdUntil: holdUntil(pay),
      covered: 0,
      coverage: [] as DividendCoverage[],
      due: 0,
      flagged: false,
    };
  }
  const reinvested = gross.filter((r) => r.taxDetail!.choice === 'reinvested');
  if (reinvested.length > 0) {
    const sorted = [...trades].sort(byDate);
    const buys = groupBy(
      sorted.filter((t) => t.type === 'buy'),
      (t) => t.portfolioId,
    );
    const ordered = [...reinvested].sort(
      (a, b) => byDate({ date: a.paymentDate! }, { date: b.paymentDate! }) || a.key.localeCompare(b.key),
    );
    for (const [portfolioId, dividends] of groupBy(ordered, (r) => r.portfolioId)) {
      const mine = (buys.get(portfolioId) ?? []).map((tx) => {
        const paid = tradeValue(tx.shares, tx.price) + tx.fee;
        return { tx, paid, left: paid };
      });
      cover(dividends, mine);
    }
    const commitments = ordered.flatMap((record) =>
      record.taxDetail!.coverage.map((c) => ({
        key: `${record.portfolioId}\u0000${c.ticker}`,
        commitment: { record, buyDate: c.date, holdUntil: record.taxDetail!.holdUntil, shares: c.shares },
      })),
    );
    const byPosition = groupBy(commitments, (c) => c.key);
    const tradesByPosition = groupBy(sorted, (t) => `${t.portfolioId}\u0000${t.ticker}`);
    for (const [key, list] of byPosition) {
      checkHolding(
        tradesByPosition.get(key) ?? [],
        list.map((c) => c.commitment),
      );
    }
  }
  for (const r of gross) {
    const d = r.taxDetail!;
    d.due = taxDue(r.gross, d.covered, { choice: d.choice, paidDate: d.paidDate });
  }
}
