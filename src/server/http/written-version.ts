/**
 * A member's own writes, seen on their very next request whichever server takes it (issue 29, decision
 * 0044 amended). Each server keeps the members' data versions in memory, moved by the database's change
 * notifications (db/data-versions.ts). A server that took a write waits for its own notification before it
 * answers; another server applies the same notification a moment later, and when that server is busy (the
 * event loop finds the member's next request and the notification waiting together) it could answer that
 * request from what it kept before the write.
 *
 * So the answer to a member's write carries their data version after it in a cookie, and a server that
 * receives a request with a version its memory has not reached first waits for the notifications committed
 * so far (one round trip on its listening connection, shared by the requests waiting at the same time). The
 * cookie only ever makes a server look again: a version that no notification brings (a forged cookie)
 * costs its sender that round trip on each request, and nothing else.
 */
import type { AstroCookies } from 'astro';
import { identityCookieOptions } from '../auth/secret';
import type { Db } from '../db/client';
import { syncVersions } from '../db/data-versions';
import { currentMemberVersion, memberVersionInMemory } from '../services/portfolio';

export const WRITTEN_VERSION_COOKIE = 'telaah-dv';
/** Long enough for every server to have applied the write many times over (they trust memory for 1 s). */
const MAX_AGE_SECONDS = 10 * 60;
/** `<user id>.<version>`: another member signed in on the same browser is not held to it. */
const VALUE = new RegExp(String.raw`(?:^|;\s*)${WRITTEN_VERSION_COOKIE}=([0-9a-f-]{36})\.(\d{1,15})(?:;|$)`);

/** The data version the request's cookie says `userId`'s last write left; undefined without one. */
export function writtenVersionOf(cookieHeader: string | null | undefined, userId: string): number | undefined {
  const match = cookieHeader ? VALUE.exec(cookieHeader) : null;
  return match && match[1] === userId ? Number(match[2]) : undefined;
}

/** Whether this server's memory is known to be behind the member's last write (the fast paths then step aside). */
export function behindWrittenVersion(db: Db, userId: string, cookieHeader: string | null | undefined): boolean {
  const written = writtenVersionOf(cookieHeader, userId);
  if (written === undefined) return false;
  // Not held in memory (or not trusted): read from the database on use, so never behind.
  const kept = memberVersionInMemory(db, userId);
  return kept !== undefined && kept < written;
}

/**
 * Brings this server's memory of the member's data version up to the request's cookie when it is behind:
 * waits for the notifications committed so far (db/data-versions.ts).
 */
export async function catchUpWithCookie(
  db: Db,
  userId: string,
  cookieHeader: string | null | undefined,
): Promise<void> {
  if (behindWrittenVersion(db, userId, cookieHeader)) await syncVersions(db);
}

/**
 * After a request that may have written (and once this server has applied its writes): the member's data
 * version now, in the cookie, when it differs from what the request carried.
 */
export async function rememberWrittenVersion(cookies: AstroCookies, db: Db, userId: string): Promise<void> {
  const version = await currentMemberVersion(db, userId);
  const value = `${userId}.${version}`;
  if (version === 0 || value === cookies.get(WRITTEN_VERSION_COOKIE)?.value) return;
  cookies.set(WRITTEN_VERSION_COOKIE, value, identityCookieOptions(MAX_AGE_SECONDS));
}
