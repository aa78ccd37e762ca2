/**
 * Alert evaluation after a trading day's data lands (docs/product.md §10). Set-based: one statement per
 * alert kind fires every alert of that kind at once (an UPDATE that disarms, feeding an INSERT of the
 * notices), and one statement per crossing kind re-arms those whose condition no longer holds — never a
 * loop over members. Running it again for the same day fires nothing new.
 *
 * Gating (docs/decisions/0008): target and fair-value alerts fire only for members whose tier today
 * reaches the tier of the analysis the target comes from.
 */
import { performance } from 'node:perf_hooks';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { executeRows } from '../../db/rows';
import type { NoticeKind } from '../../../domain/alerts';
import { evaluateScreenAlerts, tierRanks } from './screens';

export interface EvaluationInput {
  /** The trading day to evaluate; null: the latest day with prices. */
  day?: string | null;
  now: Date;
  /** The last day a `cum_date` alert looks ahead to (CUM_DATE_LEAD_DAYS trading days after `day`). */
  cumHorizon: (day: string) => string;
  /** Called after each statement with its name, duration and row count (the bench's breakdown). */
  onStatement?: (name: string, ms: number, rows: number) => void;
}

export interface EvaluationSummary {
  day: string | null;
  /** Notices per kind; `screen`: saved screens with a code that entered. */
  fired: Record<NoticeKind, number>;
  rearmed: number;
  /** Saved screens evaluated (first evaluations included) and the distinct filters run for them. */
  screens: { evaluated: number; queries: number };
}

/** The day's close and the previous close of every code that traded on `day`. */
const dayPrices = (day: string) => sql`
  day_prices as materialized (
    select p.ticker, p.close,
      (select q.close from daily_prices q where q.ticker = p.ticker and q.date < p.date order by q.date desc limit 1) as prev
    from daily_prices p where p.date = ${day}::date
  )`;

async function count(db: Db, statement: SQL): Promise<number> {
  const [row] = await executeRows<{ n: number | string }>(db, statement);
  return Number(row?.n ?? 0);
}

/** Wraps a firing UPDATE … RETURNING into the INSERT of its notices; answers how many fired. */
function fire(day: string, ctes: SQL[], update: SQL): SQL {
  return sql`
    with ${sql.join(ctes, sql`, `)},
    fired as (${update}),
    inserted as (
      insert into alert_events (user_id, alert_id, ticker, kind, trading_date, price, reference, prev_price, detail, link)
      select user_id, id, ticker, kind, ${day}::date, price, reference, prev_price, detail, link from fired
      returning 1
    )
    select count(*)::int as n from inserted`;
}

function priceCrossing(day: string, kind: 'price_above' | 'price_below'): SQL {
  const holds = kind === 'price_above' ? sql`d.close >= a.level` : sql`d.close <= a.level`;
  return fire(
    day,
    [dayPrices(day)],
    sql`update alerts a set armed = false from day_prices d
        where a.kind = ${kind} and a.armed and d.ticker = a.ticker and ${holds}
        returning a.id, a.user_id, a.ticker, a.kind, d.close as price, a.level as reference,
          null::int as prev_price, null::text as detail, null::text as link`,
  );
}

/*
 * The re-arm statements read the day's closes from daily_prices itself, not the day_prices CTE: right after
 * the firing updates the planner still believes every alert armed, expects one row and picks a nested
 * loop; against the CTE (no index) that scanned 950 prices per alert (34 s of 51 s at a million alerts),
 * against the table it probes the (ticker, date) key.
 */
function priceRearm(day: string, kind: 'price_above' | 'price_below'): SQL {
  const holds = kind === 'price_above' ? sql`d.close >= a.level` : sql`d.close <= a.level`;
  return sql`
    with rearmed as (
      update alerts a set armed = true from daily_prices d
      where d.date = ${day}::date and a.kind = ${kind} and not a.armed and d.ticker = a.ticker and not (${holds})
      returning 1
    ) select count(*)::int as n from rearmed`;
}

function move(day: string): SQL {
  return fire(
    day,
    [dayPrices(day)],
    sql`update alerts a set last_key = ${day} from day_prices d
        where a.kind = 'move' and d.ticker = a.ticker and d.prev > 0 and a.last_key is distinct from ${day}
          and abs(d.close::numeric / d.prev - 1) * 100 >= a.pct
        returning a.id, a.user_id, a.ticker, a.kind, d.close as price, null::int as reference,
          d.prev as prev_price, null::text as detail, null::text as link`,
  );
}

/**
 * A call's value is reached on the side the call points to: at or below for a Jual, at or above otherwise.
 * The member's tier comes from a hash join with `tiers` (no row: gratis), not a per-alert subquery.
 */
function callReached(day: string, now: Date, kind: 'target' | 'fair_value'): SQL {
  const value = kind === 'target' ? sql`c.target_price` : sql`c.fair_value`;
  return fire(
    day,
    [
      dayPrices(day),
      tierRanks(now),
      sql`eligible as materialized (
        select a.id, d.close, ${value} as reference, c.title, c.path
        from alerts a
        join day_prices d on d.ticker = a.ticker
        join research_calls c on c.ticker = a.ticker
        left join tiers t on t.user_id = a.user_id
        where a.kind = ${kind} and ${value} is not null
          and (a.armed or a.last_key is distinct from c.path)
          and case when c.rating = 'jual' then d.close <= ${value} else d.close >= ${value} end
          and coalesce(t.rank, 0) >= c.tier_rank
      )`,
    ],
    sql`update alerts a set armed = false, last_key = e.path
        from eligible e
        where a.id = e.id and (a.armed or a.last_key is distinct from e.path)
        returning a.id, a.user_id, a.ticker, a.kind, e.close as price, e.reference,
          null::int as prev_price, e.title as detail, e.path as link`,
  );
}

function callRearm(day: string, kind: 'target' | 'fair_value'): SQL {
  const value = kind === 'target' ? sql`c.target_price` : sql`c.fair_value`;
  return sql`
    with rearmed as (
      update alerts a set armed = true from daily_prices d, research_calls c
      where d.date = ${day}::date and a.kind = ${kind} and not a.armed and d.ticker = a.ticker and c.ticker = a.ticker
        and a.last_key = c.path and ${value} is not null
        and not (case when c.rating = 'jual' then d.close <= ${value} else d.close >= ${value} end)
      returning 1
    ) select count(*)::int as n from rearmed`;
}

function newAnalysis(day: string): SQL {
  return fire(
    day,
    [sql`calls as materialized (select * from research_calls)`],
    sql`update alerts a set last_key = c.path from calls c
        where a.kind = 'analysis' and c.ticker = a.ticker and a.last_key is distinct from c.path
        returning a.id, a.user_id, a.ticker, a.kind, null::int as price, null::int as reference,
          null::int as prev_price, c.title as detail, c.path as link`,
  );
}

function cumAhead(day: string, horizon: string): SQL {
  return fire(
    day,
    [
      sql`ahead as materialized (
        select distinct on (ca.ticker) ca.ticker, ca.id, ca.cum_date
        from corporate_actions ca
        where ca.type = 'dividend' and ca.cum_date > ${day}::date and ca.cum_date <= ${horizon}::date
        order by ca.ticker, ca.cum_date
      )`,
    ],
    sql`update alerts a set last_key = v.id::text from ahead v
        where a.kind = 'cum_date' and v.ticker = a.ticker and a.last_key is distinct from v.id::text
        returning a.id, a.user_id, a.ticker, a.kind, null::int as price, null::int as reference,
          null::int as prev_price, v.cum_date::text as detail, null::text as link`,
  );
}

async function latestDay(db: Db): Promise<string | null> {
  const [row] = await executeRows<{ d: string | null }>(db, sql`select max(date)::text as d from daily_prices`);
  return row?.d ?? null;
}

/** Evaluates every alert against `day` (see the module comment); in one transaction. */
export async function evaluateAlerts(db: Db, input: EvaluationInput): Promise<EvaluationSummary> {
  const day = input.day ?? (await latestDay(db));
  const fired: Record<NoticeKind, number> = {
    price_above: 0,
    price_below: 0,
    move: 0,
    target: 0,
    fair_value: 0,
    analysis: 0,
    cum_date: 0,
    screen: 0,
  };
  const screens = { evaluated: 0, queries: 0 };
  if (!day) return { day, fired, rearmed: 0, screens };
  let rearmed = 0;
  await db.transaction(async (tx) => {
    const run = async (name: string, s: SQL) => {
      const t = performance.now();
      const n = await count(tx as unknown as Db, s);
      input.onStatement?.(name, performance.now() - t, n);
      return n;
    };
    // Fire before re-arming: an alert that fires today must not be re-armed by today's own close.
    fired.price_above = await run('priceCrossing price_above', priceCrossing(day, 'price_above'));
    fired.price_below = await run('priceCrossing price_below', priceCrossing(day, 'price_below'));
    fired.move = await run('move', move(day));
    fired.target = await run('callReached target', callReached(day, input.now, 'target'));
    fired.fair_value = await run('callReached fair_value', callReached(day, input.now, 'fair_value'));
    fired.analysis = await run('newAnalysis', newAnalysis(day));
    fired.cum_date = await run('cumAhead', cumAhead(day, input.cumHorizon(day)));
    rearmed += await run('priceRearm price_above', priceRearm(day, 'price_above'));
    rearmed += await run('priceRearm price_below', priceRearm(day, 'price_below'));
    rearmed += await run('callRearm target', callRearm(day, 'target'));
    rearmed += await run('callRearm fair_value', callRearm(day, 'fair_value'));
    const t = performance.now();
    const s = await evaluateScreenAlerts(tx as unknown as Db, day, input.now);
    input.onStatement?.(`screens (${s.queries} distinct filters)`, performance.now() - t, s.evaluated);
    fired.screen = s.notified;
    screens.evaluated = s.evaluated;
    screens.queries = s.queries;
  });
  return { day, fired, rearmed, screens };
}
