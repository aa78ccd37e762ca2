/**
 * Screen alerts (docs/product.md §11, docs/decisions/0042-saved-screens-and-screen-alerts.md): each saved screen with its alert on is run
 * against a trading day's figures; the codes passing are compared with those of its last evaluation, and
 * the codes that entered become one notice (kind `screen`, with the codes that left), delivered with the
 * day's other alerts. The first evaluation only records. A screen evaluated for a day is not evaluated for
 * it again (`alert_day`), so a second run of the same day notifies nothing.
 *
 * Shared results: the codes are computed and stored once per distinct filter (sort removed), tier (only for
 * a filter on upside: a call the member may not read has no upside for them, docs/decisions/0008) and day,
 * in `screen_results`, however many members saved the filter. A screen stores only the key and day of the
 * result it was last evaluated against. Its entered and left codes are the difference of two shared results,
 * computed once per distinct (previous result, today's result) pair, then joined to every screen with that
 * pair: the work grows with distinct filters, the per-screen part is one row update and its notice.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { executeRows } from '../../db/rows';
import { TIERS } from '../../../domain/tiers';
import { passes, type ScreenQuery } from '../../../domain/screener';
import type { LatestCall } from '../../content/latest-calls';
import { dependsOnTier, marketFiguresOn, parseScreenQuery, screenRows } from '../screener';

/** Each member's highest tier rank today (no row: gratis); the same rule as the call alerts. */
export const tierRanks = (now: Date) => sql`
  tiers as materialized (
    select m.user_id, max(case m.tier when 'premium' then 2 when 'reguler' then 1 else 0 end) as rank
    from memberships m where m.starts_at <= ${now.toISOString()}::timestamptz and m.ends_at > ${now.toISOString()}::timestamptz
    group by m.user_id
  )`;

/** The latest call per code as stored for the alerts (`research_calls`), in the screener's shape. */
async function storedCalls(db: Db): Promise<Map<string, LatestCall>> {
  const result = await executeRows<Record<string, unknown>>(
    db,
    sql`
    select ticker, title, path, date::text as date, tier_rank, rating, target_price, fair_value from research_calls`,
  );
  const out = new Map<string, LatestCall>();
  for (const r of result) {
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

/** The `screen_results` key of a filter (canonical, sort removed) run with a tier rank, or for every tier. */
const screenResultKey = (filter: string, rank: number | null) =>
  createHash('sha256')
    .update(`${rank ?? '-'}|${filter}`)
    .digest('base64url');

/** The canonical filter of a saved query (sorting does not change the set) and whether it depends on the tier. */
function screenFilter(saved: string): { filter: string; gated: boolean; query: ScreenQuery } {
  const { query, canonical } = parseScreenQuery(new URLSearchParams(saved));
  const filter = canonical.replace(/(^|&)(urut|arah)=[^&]*/g, '').replace(/^&/, '');
  return { filter, gated: dependsOnTier(query), query };
}

/** Evaluates every due screen alert against `day`; run inside the evaluation's transaction. */
export async function evaluateScreenAlerts(db: Db, day: string, now: Date): Promise<ScreenEvaluation> {
  const due = sql`s.alert and (s.alert_day is null or s.alert_day < ${day}::date)`;
  const pairs = await executeRows<{ query: string; rank: number }>(
    db,
    sql`
      with ${tierRanks(now)}
      select distinct s.query, coalesce(t.rank, 0)::int as rank
      from saved_screens s left join tiers t on t.user_id = s.user_id
      where ${due}`,
  );
  if (!pairs.length) return { evaluated: 0, queries: 0, notified: 0 };
  const [figures, calls] = await Promise.all([marketFiguresOn(db, day), storedCalls(db)]);
  const byTier = new Map<number, ReturnType<typeof screenRows>>();
  const rowsFor = (rank: number) => {
    if (!byTier.has(rank)) byTier.set(rank, screenRows(figures, calls, TIERS[rank] ?? 'gratis'));
    return byTier.get(rank)!;
  };
  // Each distinct (filter, tier where it matters) is run once; each (query, rank) pair due points to its key.
  const results = new Map<string, { key: string; filter: string; rank: number | null; codes: string[] }>();
  const keys: { query: string; rank: number; key: string }[] = [];
  for (const { query: saved, rank } of pairs) {
    const { filter, gated, query } = screenFilter(saved);
    const r = gated ? rank : null;
    const key = screenResultKey(filter, r);
    if (!results.has(key)) {
      const codes = rowsFor(r ?? 0)
        .filter((row) => row.close !== null && passes(row, query))
        .map((row) => row.ticker)
        .sort();
      results.set(key, { key, filter, rank: r, codes });
    }
    keys.push({ query: saved, rank, key });
  }
  // One statement: store the day's results (a concurrent run storing the same ones first wins; they are
  // equal), claim every due screen (row locks; a screen a concurrent run claimed first fails the recheck of
  // `alert_day` and is skipped), compare each distinct (previous result, today's result) pair once, and
  // insert one notice per claimed screen whose pair has codes that entered.
  const [summary] = await executeRows<{ evaluated: number; notified: number }>(
    db,
    sql`
      with ${tierRanks(now)},
      results as (
        select * from jsonb_to_recordset(${JSON.stringify([...results.values()])}::jsonb)
          as r(key text, filter text, rank int, codes text[])
      ),
      keys as (
        select * from jsonb_to_recordset(${JSON.stringify(keys)}::jsonb) as k(query text, rank int, key text)
      ),
      stored as (
        insert into screen_results (key, day, filter, tier_rank, codes)
        select key, ${day}::date, filter, rank, codes from results
        on conflict (key, day) do nothing
        returning 1
      ),
      claimed as (
        update saved_screens s set alert_key = k.key, alert_day = ${day}::date
        from saved_screens o
          left join tiers t on t.user_id = o.user_id
          join keys k on k.query = o.query and k.rank = coalesce(t.rank, 0)
        where o.id = s.id and ${due}
        returning s.id, s.user_id, s.name, s.query, o.alert_key as before_key, o.alert_day as before_day, k.key
      ),
      changes as materialized (
        select p.before_key, p.before_day, p.key,
          array(select unnest(r.codes) except select unnest(b.codes) order by 1) as entered,
          array(select unnest(b.codes) except select unnest(r.codes) order by 1) as exited
        from (select distinct before_key, before_day, key from claimed where before_key is not null) p
        join screen_results b on b.key = p.before_key and b.day = p.before_day
        join results r on r.key = p.key
      ),
      inserted as (
        insert into alert_events (user_id, alert_id, ticker, kind, trading_date, detail, link, codes, left_codes)
        select c.user_id, c.id, x.entered[1], 'screen', ${day}::date, c.name,
          case when c.query = '' then '/analisis/saring' else '/analisis/saring?' || c.query end,
          x.entered, x.exited
        from claimed c
        join changes x on x.before_key = c.before_key and x.before_day = c.before_day and x.key = c.key
        where cardinality(x.entered) > 0
        returning 1
      )
      select (select count(*) from claimed)::int as evaluated, (select count(*) from inserted)::int as notified,
        (select count(*) from stored)::int as stored`,
  );
  // Results no screen points to any more (every screen sharing them moved on to this day's).
  await db.execute(sql`
    delete from screen_results r where r.day < ${day}::date
      and not exists (select 1 from saved_screens s where s.alert_key = r.key and s.alert_day = r.day)`);
  return { evaluated: summary?.evaluated ?? 0, queries: results.size, notified: summary?.notified ?? 0 };
}
