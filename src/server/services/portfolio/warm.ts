/**
 * Warm start for members (issue 29): before the server takes its first visitor, the portfolio overview of
 * the members most likely to come first — those holding a live session, newest sign-in first — is
 * computed into the report cache (`./report-cache`, shared with the built app through `globalThis`). A
 * member who was signed in before a restart then gets their portfolio from memory on their first
 * request, instead of waiting for the engine over their whole history (260–670 ms for 2 000 transactions
 * on one core, during which every other request of theirs waited too).
 *
 * Bounded by a number of members and a deadline whatever the data; a member whose report fails is left
 * to their first request, as before.
 */
import { and, desc, eq, gt, max } from 'drizzle-orm';
import { todayWib } from '../../clock';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema';
import { holdingsOverview } from './reports';

export interface MemberWarmUp {
  members: number;
  ms: number;
}

/** The members with a live, fully signed-in session, the newest sign-in first. */
async function recentlySignedIn(db: Db, limit: number): Promise<string[]> {
  const newest = max(sessions.createdAt);
  const rows = await db
    .select({ userId: sessions.userId, newest })
    .from(sessions)
    .where(and(gt(sessions.expiresAt, new Date()), eq(sessions.secondFactorPending, false)))
    .groupBy(sessions.userId)
    .orderBy(desc(newest))
    .limit(limit);
  return rows.map((r) => r.userId);
}

/** Computes the overview of up to `maxMembers` recently signed-in members, one at a time, until `deadlineMs`. */
export async function warmMemberReports(
  db: Db,
  { maxMembers = 100, deadlineMs = 10_000 }: { maxMembers?: number; deadlineMs?: number } = {},
): Promise<MemberWarmUp> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const members = await recentlySignedIn(db, maxMembers).catch(() => [] as string[]);
  // Today as the pages ask for it (WIB, by the app's clock): the report cache keys by date.
  const today = todayWib();
  let warmed = 0;
  for (const userId of members) {
    if (elapsed() > deadlineMs) break;
    await holdingsOverview(db, userId, today).then(
      () => warmed++,
      () => undefined,
    );
  }
  return { members: warmed, ms: elapsed() };
}
