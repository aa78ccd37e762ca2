/**
 * One alert run after a trading day's data lands: the latest calls from the content, the set-based
 * evaluation, then one grouped message per member (docs/product.md §10).
 */
import type { Db } from '../../db/client';
import { CUM_DATE_LEAD_DAYS, tradingDaysAfter } from '../../../domain/alerts';
import { loadCatalog } from '../notifications/catalog';
import type { Senders } from '../notifications/deliver';
import { syncResearchCalls } from './calls';
import { deliverAlerts } from './deliver';
import { evaluateAlerts, type EvaluationSummary } from './evaluate';

export interface AlertRunDeps {
  db: Db;
  now: Date;
  appUrl: string;
  contentDir: string;
  senders: Senders;
  holidays: ReadonlySet<string>;
  /**
   * The trading days that just landed, each evaluated in date order so a crossing on one day is not
   * hidden by the next; absent: the latest day with prices.
   */
  days?: readonly string[];
}

export interface AlertRunSummary extends EvaluationSummary {
  notices: number;
  sent: number;
  failed: number;
}

export async function runAlerts(deps: AlertRunDeps): Promise<AlertRunSummary> {
  const catalog = await loadCatalog(deps.contentDir);
  await syncResearchCalls(deps.db, catalog.analyses);
  const cumHorizon = (day: string) => tradingDaysAfter(day, CUM_DATE_LEAD_DAYS, deps.holidays);
  const days = deps.days?.length ? [...deps.days].sort() : [null];
  let evaluation: EvaluationSummary | null = null;
  for (const day of days) {
    const e = await evaluateAlerts(deps.db, { day, now: deps.now, cumHorizon });
    evaluation = evaluation ? addUp(evaluation, e) : e;
  }
  const d = await deliverAlerts(deps.db, deps.senders, { now: deps.now, appUrl: deps.appUrl });
  return { ...evaluation!, notices: d.notices, sent: d.sent, failed: d.failed };
}

function addUp(a: EvaluationSummary, b: EvaluationSummary): EvaluationSummary {
  const fired = { ...a.fired };
  for (const k of Object.keys(fired) as (keyof typeof fired)[]) fired[k] += b.fired[k];
  return {
    day: b.day,
    fired,
    rearmed: a.rearmed + b.rearmed,
    screens: {
      evaluated: a.screens.evaluated + b.screens.evaluated,
      queries: a.screens.queries + b.screens.queries,
    },
  };
}

/** The log line of a run. */
export function describeAlertRun(s: AlertRunSummary): string {
  const fired = Object.values(s.fired).reduce((a, b) => a + b, 0);
  return `alerts on ${s.day ?? 'no data'}: ${fired} fired, ${s.rearmed} re-armed, ${s.notices} notices, ${s.sent} messages sent, ${s.failed} failed, ${s.screens.evaluated} saved screens evaluated (${s.screens.queries} distinct filters)`;
}
