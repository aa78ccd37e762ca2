/**
 * The admin overview (docs/product.md §6): paying members by tier now, member movements this month and
 * last, revenue by month and provider for 12 months, members lapsing in the next 7 days. Revenue and
 * movements read the monthly rows a trigger keeps beside `payments` (decision 0032); the rest reads
 * ranges of `memberships` by ends_at and probes it by member, never the whole of a table.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { executeRows } from '../../db/rows';
import { adminMemberMonths, adminRevenueMonths, memberships, users } from '../../db/schema';
import { lastMonths, wibMonth, type MonthSpan, type MovementCounts } from '../../../domain/admin-overview';
import { addDaysToInstant } from '../../../domain/dates';

const iso = (d: Date) => d.toISOString();

export interface MonthMovements extends MovementCounts {
  month: string;
  lapsed: number;
}

export interface RevenueRow {
  month: string;
  provider: string;
  gross: number;
  refunds: number;
  net: number;
}

export interface LapsingMember {
  userId: string;
  name: string;
  email: string;
  tier: string;
  endsAt: Date;
}

export interface Overview {
  payingByTier: { reguler: number; premium: number };
  movements: MonthMovements[];
  revenue: RevenueRow[];
  lapsing: LapsingMember[];
}

/** Members with a paid pass covering `now`, each counted once at their highest tier. */
async function payingByTier(db: Db, now: Date): Promise<Overview['payingByTier']> {
  const found = await executeRows<{ top: number; n: number }>(
    db,
    sql`select top, count(*)::int as n from (
          select ${memberships.userId}, max(case ${memberships.tier} when 'premium' then 2 else 1 end) as top
          from ${memberships}
          where ${memberships.endsAt} > ${iso(now)}::timestamptz and ${memberships.startsAt} <= ${iso(now)}::timestamptz
            and ${memberships.source} = 'payment'
          group by ${memberships.userId}) t
        group by top`,
  );
  const by = new Map(found.map((r) => [Number(r.top), Number(r.n)]));
  return { reguler: by.get(1) ?? 0, premium: by.get(2) ?? 0 };
}

/** New, renewed and upgraded members among the month's paid payments, and members whose paid access lapsed. */
async function movements(db: Db, m: MonthSpan, now: Date): Promise<MonthMovements> {
  const kinds = await executeRows<{ kind: keyof MovementCounts; n: number }>(
    db,
    sql`select kind, count(*)::int as n from ${adminMemberMonths} where month = ${m.key} group by kind`,
  );
  const end = m.end < now ? m.end : now;
  // A probe per pass by the member's index (a nested loop), not a hash of every pass there is.
  const [lapsed] = await executeRows<{ n: number }>(
    db,
    sql`select count(distinct m.user_id)::int as n from ${memberships} m
        left join lateral (select 1 as found from ${memberships} n
          where n.user_id = m.user_id and n.ends_at > m.ends_at and n.starts_at <= m.ends_at limit 1) later on true
        where m.source = 'payment' and m.ends_at >= ${iso(m.start)}::timestamptz and m.ends_at < ${iso(end)}::timestamptz
          and later.found is null`,
  );
  const counts: MovementCounts = { new: 0, renewed: 0, upgraded: 0 };
  for (const k of kinds) counts[k.kind] = Number(k.n);
  return { month: m.key, ...counts, lapsed: Number(lapsed?.n ?? 0) };
}

/** Gross (paid in the month, refunded later or not), refunds (refunded in the month) and net, per provider. */
async function revenue(db: Db, months: MonthSpan[]): Promise<RevenueRow[]> {
  const found = await executeRows<{ month: string; provider: string; gross: string; refunds: string }>(
    db,
    sql`select month, provider, gross, refunds from ${adminRevenueMonths}
        where month >= ${months[0]!.key} and month <= ${months.at(-1)!.key}`,
  );
  const out: RevenueRow[] = [];
  for (const m of months) {
    for (const provider of ['stripe', 'midtrans']) {
      const row = found.find((r) => r.month === m.key && r.provider === provider);
      const g = Number(row?.gross ?? 0);
      const r = Number(row?.refunds ?? 0);
      out.push({ month: m.key, provider, gross: g, refunds: r, net: g - r });
    }
  }
  return out;
}

/** Members whose access (any source) runs out in the next 7 days with nothing queued after it. */
async function lapsing(db: Db, now: Date, limit = 200): Promise<LapsingMember[]> {
  const until = addDaysToInstant(now, 7);
  const found = await executeRows<{ user_id: string; name: string; email: string; tier: string; ends_at: string }>(
    db,
    sql`select distinct on (m.user_id) m.user_id, u.name, u.email, m.tier, m.ends_at
        from ${memberships} m join ${users} u on u.id = m.user_id
        where m.ends_at >= ${iso(now)}::timestamptz and m.ends_at < ${iso(until)}::timestamptz
          and m.starts_at <= ${iso(now)}::timestamptz
          and not exists (select 1 from ${memberships} n
            where n.user_id = m.user_id and n.starts_at <= m.ends_at and n.ends_at > m.ends_at)
        order by m.user_id, m.ends_at desc
        limit ${limit}`,
  );
  return found
    .map((r) => ({ userId: r.user_id, name: r.name, email: r.email, tier: r.tier, endsAt: new Date(r.ends_at) }))
    .sort((a, b) => a.endsAt.getTime() - b.endsAt.getTime());
}

export async function adminOverview(db: Db, now: Date): Promise<Overview> {
  const [paying, thisMonth, lastMonth, money, soon] = await Promise.all([
    payingByTier(db, now),
    movements(db, wibMonth(now), now),
    movements(db, wibMonth(now, -1), now),
    revenue(db, lastMonths(now, 12)),
    lapsing(db, now),
  ]);
  return { payingByTier: paying, movements: [thisMonth, lastMonth], revenue: money, lapsing: soon };
}
