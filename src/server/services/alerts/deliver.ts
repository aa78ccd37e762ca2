/**
 * Delivers fired alerts (docs/product.md §10): the notices no run has claimed yet are claimed in one
 * statement, grouped per member, and sent as one message per member and channel (the member's choices
 * for "Alert watchlist" in §7.4), through the notices' exactly-once claim (`notices` unique key). A second
 * run finds nothing unclaimed and sends nothing.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { executeRows } from '../../db/rows';
import type { NoticeKind } from '../../../domain/alerts';
import { alertText, codeList, type FiredAlert } from '../../../lib/alert-text';
import { deliver, type DeliverySummary, type Senders } from '../notifications/deliver';
import type { NoticeDraft } from '../notifications/message';
import { channelsFor, loadRecipients, type Recipient } from '../notifications/recipients';

interface Claimed extends FiredAlert {
  id: string;
  userId: string;
}

async function claimUndelivered(db: Db, now: Date): Promise<Claimed[]> {
  const rows = await executeRows<Record<string, unknown>>(
    db,
    sql`
    update alert_events set delivered_at = ${now.toISOString()}::timestamptz
    where delivered_at is null
    returning id, user_id, ticker, kind, trading_date::text as trading_date, price, reference, prev_price, detail,
      codes, left_codes`,
  );
  const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return rows.map((r) => ({
    id: String(r.id),
    userId: String(r.user_id),
    ticker: String(r.ticker),
    kind: r.kind as NoticeKind,
    tradingDate: String(r.trading_date),
    price: n(r.price),
    reference: n(r.reference),
    prevPrice: n(r.prev_price),
    detail: (r.detail as string | null) ?? null,
    codes: (r.codes as string[] | null) ?? null,
    leftCodes: (r.left_codes as string[] | null) ?? null,
  }));
}

async function recipientsOf(db: Db, ids: string[], now: Date): Promise<Map<string, Recipient>> {
  const out = new Map<string, Recipient>();
  for (let i = 0; i < ids.length; i += 1000)
    for (const r of await loadRecipients(db, now, ids.slice(i, i + 1000))) out.set(r.userId, r);
  return out;
}

/** One draft per member grouping everything that fired for them in this run. */
function groupDrafts(
  claimed: readonly Claimed[],
  recipients: ReadonlyMap<string, Recipient>,
  opts: { appUrl: string; telegram: boolean },
): NoticeDraft[] {
  const byUser = new Map<string, Claimed[]>();
  for (const c of claimed) byUser.set(c.userId, [...(byUser.get(c.userId) ?? []), c]);
  const drafts: NoticeDraft[] = [];
  for (const [userId, fired] of byUser) {
    const recipient = recipients.get(userId);
    if (!recipient) continue;
    const channels = channelsFor(recipient, 'alerts', opts.telegram);
    if (!channels.length) continue;
    const codes = [
      ...new Set(fired.flatMap((f) => (f.kind === 'screen' && f.codes?.length ? f.codes : [f.ticker]))),
    ].sort();
    const first = [...fired].sort((a, b) => a.id.localeCompare(b.id))[0]!;
    drafts.push({
      recipient,
      event: 'alerts',
      // The run's first notice names the message: unique per member and run.
      subject: `alerts:${first.tradingDate}:${first.id}`,
      channels,
      content: {
        title: `Alert Telaah: ${codeList(codes)}`,
        lines: fired.map((f) => alertText(f)),
        cta: { label: 'Lihat semua notifikasi', url: `${opts.appUrl}/notifikasi` },
      },
    });
  }
  return drafts;
}

export async function deliverAlerts(
  db: Db,
  senders: Senders,
  opts: { now: Date; appUrl: string },
): Promise<DeliverySummary & { notices: number }> {
  const claimed = await claimUndelivered(db, opts.now);
  if (!claimed.length) return { sent: 0, skipped: 0, failed: 0, notices: 0 };
  const recipients = await recipientsOf(db, [...new Set(claimed.map((c) => c.userId))], opts.now);
  const drafts = groupDrafts(claimed, recipients, { appUrl: opts.appUrl, telegram: senders.telegram !== null });
  const summary = await deliver(db, drafts, senders, opts);
  return { ...summary, notices: claimed.length };
}
