/**
 * Status change notices (docs/product.md §5.7): when a company's notation letters, special monitoring
 * board or data suspension changed today, each holder is told once (subject `status:<ticker>:<day>`,
 * with the unique key of `notices`), the same evening.
 */
import { eq } from 'drizzle-orm';
import { flagLines, SPECIAL_MONITORING_BOARD } from '../../../../domain/corporate/status';
import type { Db } from '../../../db/client';
import { emiten, emitenStatusChanges } from '../../../db/schema';
import type { NoticeDraft } from '../message';
import { channelsFor, type Recipient } from '../recipients';

export interface StatusChange {
  ticker: string;
  name: string;
  day: string;
  notations: string;
  board: string;
  suspended: boolean;
}

/** Companies whose status changed on `today`, with their status now. */
export async function statusChangesOn(db: Db, today: string): Promise<StatusChange[]> {
  const rows = await db
    .select({
      ticker: emiten.ticker,
      name: emiten.name,
      notations: emiten.notations,
      board: emiten.board,
      suspended: emiten.suspended,
    })
    .from(emitenStatusChanges)
    .innerJoin(emiten, eq(emiten.ticker, emitenStatusChanges.ticker))
    .where(eq(emitenStatusChanges.changedOn, today));
  return rows.map((r) => ({ ...r, day: today })).sort((a, b) => a.ticker.localeCompare(b.ticker));
}

function lines(c: StatusChange): string[] {
  const flags = flagLines({ notations: c.notations, board: c.board, suspended: c.suspended ? 'data' : null });
  const now = flags.length
    ? ['Status sekarang:', ...flags]
    : ['Saham ini kini tanpa notasi khusus, tidak di Papan Pemantauan Khusus dan tidak disuspensi.'];
  const board = c.board === SPECIAL_MONITORING_BOARD ? [] : [`Papan pencatatan: ${c.board}.`];
  return [`Status ${c.ticker} (${c.name}) di Bursa Efek Indonesia berubah hari ini.`, ...now, ...board];
}

export function statusDrafts(
  changes: StatusChange[],
  recipients: Recipient[],
  held: Map<string, Set<string>>,
  opts: { appUrl: string; telegram: boolean },
): NoticeDraft[] {
  const drafts: NoticeDraft[] = [];
  for (const c of changes) {
    for (const r of recipients) {
      if (!held.get(r.userId)?.has(c.ticker)) continue;
      const channels = channelsFor(r, 'status-change', opts.telegram);
      if (!channels.length) continue;
      drafts.push({
        recipient: r,
        event: 'status-change',
        subject: `status:${c.ticker}:${c.day}`,
        channels,
        content: {
          title: `Status ${c.ticker} berubah`,
          lines: lines(c),
          cta: { label: `Lihat posisi ${c.ticker}`, url: `${opts.appUrl}/portofolio/saham/${c.ticker}` },
        },
      });
    }
  }
  return drafts;
}
