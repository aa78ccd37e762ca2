/**
 * Screen alerts (docs/product.md §11, docs/decisions/0042-saved-screens-and-screen-alerts.md): each saved screen with its alert on is run
 * against a trading day's figures; the codes passing are compared with those of its last evaluation, and
 * the codes that entered become one notice (kind `screen`, with the codes that left), delivered with the
 * day's other alerts. The first evaluation only records the codes. A screen evaluated for a day is not
 * evaluated for it again (`alert_day`), so a second run of the same day notifies nothing.
 *
 * Set-based: the distinct (query, tier) pairs of the screens due are read in one statement; each distinct
 * filter is run once in memory over the day's figures (one read of the market, ~950 rows), however many
 * members saved it; one statement then updates every due screen and inserts its notice. The tier matters
 * only for a filter on upside (a call the member may not read has no upside for them, docs/decisions/0008),
 * so other queries are run once for all tiers.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { TIERS } from '../../../domain/tiers';
import { passes } from '../../../domain/screener';
import type { LatestCall } from '../../content/latest-calls';
import { dependsOnTier, marketFiguresOn, parseScreenQuery, screenRows } from '../screener';

/** Each member's highest tier rank today (no row: gratis); the same rule as the call alerts. */
export const tierRanks = (now: Date) => sql`
  tiers as materialized (
    select m.user_id, max(case m.tier when 'premium' then 2 when 'reguler' then 1 else 0 end) as rank
    from memberships m where m.starts_at <= ${now.toISOString()}::timestamptz and m.ends_at > ${now.toISOString()}::timestamptz
    group by m.user_id
  )`;

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** The latest call per code as stored for the alerts (`research_calls`), in the screener's shape. */
async function storedCalls(db: Db): Promise<Map<string, LatestCall>> {
  const result = await db.execute(sql`
    select ticker, title, path, date::text as date, tier_rank, rating, target_price, fair_value from research_calls`);
  const out = new Map<string, LatestCall>();
  for (const r of rowsOf<Record<string, unknown>>(result)) {
    out.set(String(r.ticker), {
      ticker: String(r.ticker),
      title: String(r.title),
      href: String(r.path),
      date: String(r.date),
      tier: TIERS[Number(r.tier_rank)] ?? 'premium',
      rating: r.rating as LatestCall['rating'],
      targetPrice: r.target_price === null ? null : Number(r.target_price),
      fairValue: r.fair_value === null ? null : Number(r.fair_value),
    });
  }
  return out;
}

export interface ScreenEvaluation {
  /** Screens evaluated for the day (baselines included). */
  evaluated: number;
  /** Distinct filters run. */
  queries: number;
  /** Notices inserted (screens with a code that entered). */
  notified: number;
}

/** Evaluates every due screen alert against `day`; run inside the evaluation's transaction. */
export async function evaluateScreenAlerts(db: Db, day: string, now: Date): Promise<ScreenEvaluation> {
  const due = sql`s.alert and (s.alert_day is null or s.alert_day < ${day}::date)`;
  const pairs = rowsOf<{ query: string; rank: number }>(
    await db.execute(sql`
      with ${tierRanks(now)}
      select distinct s.query, coalesce(t.rank, 0)::int as rank
      from saved_screens s left join tiers t on t.user_id = s.user_id
      where ${due}`),
  );
  if (!pairs.length) return { evaluated: 0, queries: 0, notified: 0 };
  const [figures, calls] = await Promise.all([marketFiguresOn(db, day), storedCalls(db)]);
  const byTier = new Map<number, ReturnType<typeof screenRows>>();
  const rowsFor = (rank: number) => {
    if (!byTier.has(rank)) byTier.set(rank, screenRows(figures, calls, TIERS[rank] ?? 'gratis'));
    return byTier.get(rank)!;
  };
  // Codes per distinct filter (sorting does not change the set; the tier only when the filter uses upside).
  const codesOf = new Map<string, string[]>();
  const results: { query: string; rank: number; codes: string[] }[] = [];
  for (const { query: saved, rank } of pairs) {
    const { query, canonical } = parseScreenQuery(new URLSearchParams(saved));
    const gated = dependsOnTier(query);
    const filter = canonical.replace(/(^|&)(urut|arah)=[^&]*/g, '');
    const key = `${gated ? rank : '-'}|${filter}`;
    let codes = codesOf.get(key);
    if (!codes) {
      codes = rowsFor(gated ? rank : 0)
        .filter((r) => r.close !== null && passes(r, query))
        .map((r) => r.ticker)
        .sort();
      codesOf.set(key, codes);
    }
    results.push({ query: saved, rank, codes });
  }
  const [summary] = rowsOf<{ evaluated: number; notified: number }>(
    await db.execute(sql`
      with ${tierRanks(now)},
      results as (
        select * from jsonb_to_recordset(${JSON.stringify(results)}::jsonb) as r(query text, rank int, codes text[])
      ),
      updated as (
        update saved_screens s set alert_codes = r.codes, alert_day = ${day}::date
        from saved_screens o
          left join tiers t on t.user_id = o.user_id
          join results r on r.query = o.query and r.rank = coalesce(t.rank, 0)
        where o.id = s.id and ${due}
        returning s.id, s.user_id, s.name, s.query, o.alert_codes as before, r.codes as after
      ),
      changes as (
        select u.*,
          array(select unnest(u.after) except select unnest(u.before) order by 1) as entered,
          array(select unnest(u.before) except select unnest(u.after) order by 1) as exited
        from updated u where u.before is not null
      ),
      inserted as (
        insert into alert_events (user_id, alert_id, ticker, kind, trading_date, detail, link, codes, left_codes)
        select c.user_id, c.id, c.entered[1], 'screen', ${day}::date, c.name,
          case when c.query = '' then '/analisis/saring' else '/analisis/saring?' || c.query end,
          c.entered, c.exited
        from changes c where cardinality(c.entered) > 0
        returning 1
      )
      select (select count(*) from updated)::int as evaluated, (select count(*) from inserted)::int as notified`),
  );
  return { evaluated: summary?.evaluated ?? 0, queries: codesOf.size, notified: summary?.notified ?? 0 };
}
