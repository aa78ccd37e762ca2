/**
 * The notices job: gathers what is new (analyses, dividends ahead, memberships ending, lessons),
 * turns it into drafts for the members who want each event on each channel, and delivers them once.
 */
import type { Db } from '../../db/client';
import { NOTICE_EVENTS, type NoticeEvent } from '../../../domain/notifications';
import { wibDate } from '../../../domain/dates';
import { loadCatalog } from './catalog';
import { deliver, type DeliverySummary, type Senders } from './deliver';
import type { NoticeSources } from './lookups';
import type { NoticeDraft } from './message';
import { loadRecipients } from './recipients';
import { analysisDrafts, newAnalyses } from './events/analyses';
import { dividendDrafts, upcomingDividends } from './events/dividends';
import { dividendTaxDrafts } from './events/dividend-tax';
import { accessEnds, membershipDrafts } from './events/membership';
import { lessonDrafts, newLessons } from './events/lessons';
import { statusChangesOn, statusDrafts } from './events/status';
import { rightsDeadlines, rightsDrafts, type RightsDeadline } from './events/rights';

// Alerts are delivered by the alert run after a day's data lands (services/alerts), announcements by the
// broadcasts job (services/broadcasts), not by this job.
type JobEvent = Exclude<NoticeEvent, 'alerts' | 'announcements'>;
const JOB_EVENTS = NOTICE_EVENTS.filter((e): e is JobEvent => e !== 'alerts' && e !== 'announcements');

export interface NoticeJobDeps {
  db: Db;
  now: Date;
  appUrl: string;
  contentDir: string;
  senders: Senders;
  sources: NoticeSources;
}

export type NoticeSummary = Record<JobEvent, DeliverySummary>;

/** Holders at each rights issue's cum date, asked once per issue. */
async function sharesAtCum(
  deps: NoticeJobDeps,
  deadlines: RightsDeadline[],
): Promise<(d: RightsDeadline) => Map<string, number>> {
  const byIssue = new Map<string, Map<string, number>>();
  const ask = deps.sources.heldShares;
  for (const d of deadlines) byIssue.set(d.ticker + d.exDate, ask ? await ask(d.cumDate, d.ticker) : new Map());
  return (d) => byIssue.get(d.ticker + d.exDate) ?? new Map();
}

export async function runNotices(deps: NoticeJobDeps): Promise<NoticeSummary> {
  const { db, now, appUrl } = deps;
  const today = wibDate(now);
  const telegram = deps.senders.telegram !== null;
  const [catalog, recipients, dividends, ends, started, changes, deadlines, taxDeadlines] = await Promise.all([
    loadCatalog(deps.contentDir),
    loadRecipients(db, now),
    upcomingDividends(db, today),
    accessEnds(db, now),
    deps.sources.startedCourses(),
    statusChangesOn(db, today),
    rightsDeadlines(db, today),
    deps.sources.taxDeadlines?.(today) ?? [],
  ]);
  const fresh = newAnalyses(catalog.analyses, today);
  // Holdings cost an engine run per member, so they are asked only for the tickers that matter now.
  const tickers = [
    ...new Set([
      ...fresh.flatMap((a) => (a.ticker ? [a.ticker] : [])),
      ...dividends.map((d) => d.ticker),
      ...changes.map((c) => c.ticker),
    ]),
  ];
  const held = tickers.length ? await deps.sources.heldTickers(today, tickers) : new Map<string, Set<string>>();
  const drafts: NoticeDraft[] = [
    ...analysisDrafts(fresh, recipients, held, { appUrl, telegram }),
    ...dividendDrafts(dividends, recipients, held, { appUrl, telegram }),
    ...dividendTaxDrafts(taxDeadlines, recipients, { today, appUrl, telegram }),
    ...membershipDrafts(ends, recipients, { now, appUrl, telegram }),
    ...lessonDrafts(await newLessons(db, catalog, now), recipients, started, { appUrl, telegram }),
    ...statusDrafts(changes, recipients, held, { appUrl, telegram }),
    ...rightsDrafts(deadlines, recipients, await sharesAtCum(deps, deadlines), { appUrl, telegram }),
  ];
  const summary = Object.fromEntries(JOB_EVENTS.map((e) => [e, { sent: 0, skipped: 0, failed: 0 }])) as NoticeSummary;
  for (const event of JOB_EVENTS) {
    const s = await deliver(
      db,
      drafts.filter((d) => d.event === event),
      deps.senders,
      { now, appUrl },
    );
    summary[event] = s;
  }
  return summary;
}
