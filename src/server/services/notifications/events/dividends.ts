/**
 * Dividend reminders: for a cash dividend whose cum date is today or at most three trading days
 * ahead, holders of the stock are reminded once that buying or keeping the shares until the end of
 * the cum date earns the dividend.
 */
import type { Db } from '../../../db/client';
import { formatDate, formatNumber } from '../../../../lib/format';
import type { NoticeDraft } from '../message';
import { channelsFor, type Recipient } from '../recipients';
import { dueActions } from './due-actions';

const DIVIDEND_REMINDER_TRADING_DAYS = 3;

export interface UpcomingDividend {
  ticker: string;
  name: string;
  cumDate: string;
  exDate: string;
  paymentDate: string | null;
  /** Per share, Rupiah, may have decimals. */
  amount: number;
  /** Trading days after today up to and including the cum date (0: the cum date is today). */
  tradingDaysLeft: number;
}

export async function upcomingDividends(db: Db, today: string): Promise<UpcomingDividend[]> {
  const due = await dueActions(db, today, 'dividend', 'cumDate', DIVIDEND_REMINDER_TRADING_DAYS);
  return due
    .map(({ a, name, tradingDaysLeft }) => ({
      ticker: a.ticker,
      name,
      cumDate: a.cumDate,
      exDate: a.exDate,
      paymentDate: a.paymentDate,
      amount: Number(a.amount ?? 0),
      tradingDaysLeft,
    }))
    .sort((x, y) => x.cumDate.localeCompare(y.cumDate) || x.ticker.localeCompare(y.ticker));
}

function when(d: UpcomingDividend): string {
  if (d.tradingDaysLeft === 0) return 'hari ini';
  return `${formatDate(d.cumDate)} (${d.tradingDaysLeft} hari bursa lagi)`;
}

export function dividendDrafts(
  dividends: UpcomingDividend[],
  recipients: Recipient[],
  held: Map<string, Set<string>>,
  opts: { appUrl: string; telegram: boolean },
): NoticeDraft[] {
  const drafts: NoticeDraft[] = [];
  for (const d of dividends) {
    for (const r of recipients) {
      if (!held.get(r.userId)?.has(d.ticker)) continue;
      const channels = channelsFor(r, 'dividend-reminder', opts.telegram);
      if (!channels.length) continue;
      const lines = [
        `Cum date dividen ${d.ticker} (${d.name}) jatuh ${when(d)}. Dividen tunai Rp ${formatNumber(d.amount, 2)} per saham` +
          (d.paymentDate ? `, dibayarkan ${formatDate(d.paymentDate)}.` : '.'),
        `Pemegang saham sampai akhir perdagangan pada cum date berhak atas dividen; mulai ex date ${formatDate(d.exDate)} saham diperdagangkan tanpa hak dividen.`,
      ];
      drafts.push({
        recipient: r,
        event: 'dividend-reminder',
        subject: `${d.ticker}:${d.exDate}`,
        channels,
        content: {
          title: `Pengingat dividen ${d.ticker}: cum date ${formatDate(d.cumDate)}`,
          lines,
          cta: { label: 'Lihat dividen portofolio', url: `${opts.appUrl}/portofolio/dividen` },
        },
      });
    }
  }
  return drafts;
}
