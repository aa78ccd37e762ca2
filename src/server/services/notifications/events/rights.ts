/**
 * Rights deadline reminders (docs/product.md §5.6): for a rights issue whose exercise period ends
 * today or within three trading days, members who held the shares at the end of the cum date are
 * reminded once (subject `rights:<ticker>:<ex date>`) to exercise, sell or let the rights lapse.
 */
import { rightsEntitlement } from '../../../../domain/corporate/rights';
import type { Db } from '../../../db/client';
import { formatDate, formatNumber } from '../../../../lib/format';
import type { NoticeDraft } from '../message';
import { channelsFor, type Recipient } from '../recipients';
import { dueActions } from './due-actions';

const RIGHTS_REMINDER_TRADING_DAYS = 3;

export interface RightsDeadline {
  ticker: string;
  name: string;
  cumDate: string;
  exDate: string;
  exerciseEnd: string;
  exercisePrice: number;
  ratioFrom: number;
  ratioTo: number;
  tradingDaysLeft: number;
}

export async function rightsDeadlines(db: Db, today: string): Promise<RightsDeadline[]> {
  const due = await dueActions(db, today, 'rights', 'exerciseEnd', RIGHTS_REMINDER_TRADING_DAYS);
  return due
    .filter(({ a }) => a.ratioFrom && a.ratioTo && a.amount)
    .map(({ a, name, day, tradingDaysLeft }) => ({
      ticker: a.ticker,
      name,
      cumDate: a.cumDate,
      exDate: a.exDate,
      exerciseEnd: day,
      exercisePrice: Number(a.amount),
      ratioFrom: a.ratioFrom!,
      ratioTo: a.ratioTo!,
      tradingDaysLeft,
    }));
}

export function rightsDrafts(
  deadlines: RightsDeadline[],
  recipients: Recipient[],
  heldAtCum: (d: RightsDeadline) => Map<string, number>,
  opts: { appUrl: string; telegram: boolean },
): NoticeDraft[] {
  const drafts: NoticeDraft[] = [];
  for (const d of deadlines) {
    const holders = heldAtCum(d);
    for (const r of recipients) {
      const rights = rightsEntitlement(holders.get(r.userId) ?? 0, d.ratioFrom, d.ratioTo);
      if (rights === 0) continue;
      const channels = channelsFor(r, 'rights-deadline', opts.telegram);
      if (!channels.length) continue;
      drafts.push({
        recipient: r,
        event: 'rights-deadline',
        subject: `rights:${d.ticker}:${d.exDate}`,
        channels,
        content: {
          title: `Batas tebus HMETD ${d.ticker}: ${formatDate(d.exerciseEnd)}`,
          lines: [
            `Anda berhak atas ${formatNumber(rights)} HMETD ${d.ticker} (${d.name}) dari saham yang dipegang pada cum date ${formatDate(d.cumDate)}.`,
            `Periode pelaksanaan berakhir ${formatDate(d.exerciseEnd)}${d.tradingDaysLeft ? ` (${d.tradingDaysLeft} hari bursa lagi)` : ' (hari ini)'}. Tebus di harga Rp ${formatNumber(d.exercisePrice, 2)} per saham, jual HMETD-nya, atau biarkan hangus; lalu catat pilihan Anda di Telaah.`,
          ],
          cta: { label: `Catat HMETD ${d.ticker}`, url: `${opts.appUrl}/portofolio/saham/${d.ticker}` },
        },
      });
    }
  }
  return drafts;
}
