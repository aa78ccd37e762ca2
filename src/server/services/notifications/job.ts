/**
 * The notices job: gathers what is new (analyses, dividends ahead, memberships ending, lessons),
 * turns it into drafts for the members who want each event on each channel, and delivers them once.
 */
import type { Db } from '../../db/client';
import { NOTICE_EVENTS, type NoticeEvent } from '../../../domain/notifications';
import { wibDate } from '../../../lib/format';
import { loadCatalog } from './catalog';
import { deliver, type DeliverySummary, type Senders } from './deliver';
import type { NoticeSources } from './lookups';
import type { NoticeDraft } from './message';
import { loadRecipients } from './recipients';
import { analysisDrafts, newAnalyses } from './events/analyses';
import { dividendDrafts, upcomingDividends } from './events/dividends';
import { accessEnds, membershipDrafts } from './events/membership';
import { lessonDrafts, newLessons } from './events/lessons';

export interface NoticeJobDeps {
  db: Db;
  now: Date;
  appUrl: string;
  contentDir: string;
  senders: Senders;
  sources: NoticeSources;
}

export type NoticeSummary = Record<NoticeEvent, DeliverySummary>;

export async function runNotices(deps: NoticeJobDeps): Promise<NoticeSummary> {
  const { db, now, appUrl } = deps;
  const today = wibDate(now);
  const telegram = deps.senders.telegram !== null;
  const [catalog, recipients, dividends, ends, started] = await Promise.all([
    loadCatalog(deps.contentDir),
    loadRecipients(db, now),
    upcomingDividends(db, today),
    accessEnds(db, now),
    deps.sources.startedCourses(),
  ]);
  const fresh = newAnalyses(catalog.analyses, today);
  // Holdings cost an engine run per member, so they are asked only for the tickers that matter now.
  const tickers = [
    ...new Set([...fresh.flatMap((a) => (a.ticker ? [a.ticker] : [])), ...dividends.map((d) => d.ticker)]),
  ];
  const held = tickers.length ? await deps.sources.heldTickers(today, tickers) : new Map<string, Set<string>>();
  const drafts: NoticeDraft[] = [
    ...analysisDrafts(fresh, recipients, held, { appUrl, telegram }),
    ...dividendDrafts(dividends, recipients, held, { appUrl, telegram }),
    ...membershipDrafts(ends, recipients, { now, appUrl, telegram }),
    ...lessonDrafts(await newLessons(db, catalog, now), recipients, started, { appUrl, telegram }),
  ];
  const summary = Object.fromEntries(
    NOTICE_EVENTS.map((e) => [e, { sent: 0, skipped: 0, failed: 0 }]),
  ) as NoticeSummary;
  for (const event of NOTICE_EVENTS) {
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
