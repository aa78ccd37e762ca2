/**
 * From a session cookie to the Viewer, without Auth.js: the part of identity resolution that both the
 * app (resolve-identity.ts, which decodes cookies through Auth.js) and the Node server around it
 * (member-pages-cache.ts, which only uses cookies the app has decoded) run.
 *
 * - Claims: the user and server-side session a cookie names. Decoding is a pure function of the
 *   cookie's value, so the app remembers it per value for a few minutes (bounded: a flood of forged
 *   cookies only evicts entries, and forged cookies are never decoded successfully, so never kept).
 * - The session's user: one query reads the session (it must exist, belong to the user and not have
 *   expired: sign-out, "sign out everywhere" and password changes delete rows), the user and their
 *   memberships still running; role and tier are never trusted from the cookie. What it read is kept in
 *   memory while the server listens for the database's change notifications, which every write to
 *   those rows sends (db/data-versions.ts, docs/decisions/0044): exact on every server at commit.
 */
import { and, eq, gt } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Db } from '../db/client';
import { memberships, sessions, users } from '../db/schema';
import type { User } from '../services/accounts';
import { tierFrom, type CurrentTier } from '../services/membership';
import { versionStoreOf } from '../db/data-versions';
import type { Period } from '../../domain/membership-schedule';
import type { Viewer } from './viewer-type';

export const IMPERSONATION_COOKIE = 'telaah.impersonation';

const SESSION_COOKIES = /(?:^|;\s*)((?:__Secure-)?authjs\.session-token(?:\.\d+)?=[^;]*)/g;
const UUID = /^[0-9a-f-]{36}$/i;

export interface SessionClaims {
  userId: string;
  sessionId: string;
}

// On globalThis: the Node server around the app and the built app load separate copies of this module.
const KEY = Symbol.for('telaah.session-claims');
const decoded = ((globalThis as unknown as Record<symbol, unknown>)[KEY] ??= new LRUCache<string, SessionClaims>({
  max: 10_000,
  ttl: 5 * 60_000,
})) as LRUCache<string, SessionClaims>;

/** The session cookies of a Cookie header, in one string (empty when there are none). */
export function sessionCookies(cookieHeader: string | null | undefined): string {
  return [...(cookieHeader ?? '').matchAll(SESSION_COOKIES)].map((m) => m[1]).join(';');
}

/** The claims the app decoded from these session cookies lately, if any. */
export function knownClaims(cookies: string): SessionClaims | undefined {
  return cookies ? decoded.get(cookies) : undefined;
}

/** Remembers what the app decoded from these session cookies. */
export function rememberClaims(cookies: string, claims: SessionClaims): void {
  decoded.set(cookies, claims);
}

interface SessionRecord {
  user: User;
  /** The session's end (wall clock). */
  expiresAt: Date;
  /** The user's memberships that had not ended at `readAt`. */
  spans: Period[];
  /** The `now` it was read at (milliseconds): spans that ended before it are not among them. */
  readAt: number;
}

/** The session with its user and their memberships not ended at `now`; null when there is no such session. */
async function readSession(db: Db, claims: SessionClaims, now: Date): Promise<SessionRecord | null> {
  const rows = await db
    .select({
      user: users,
      expiresAt: sessions.expiresAt,
      tier: memberships.tier,
      startsAt: memberships.startsAt,
      endsAt: memberships.endsAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(memberships, and(eq(memberships.userId, sessions.userId), gt(memberships.endsAt, now)))
    // Session expiry follows the wall clock, as the cookie's own does (APP_NOW does not move it).
    .where(
      and(
        eq(sessions.id, claims.sessionId),
        eq(sessions.userId, claims.userId),
        gt(sessions.expiresAt, new Date()),
        // A session waiting for its second factor grants nothing (services/accounts/two-factor.ts).
        eq(sessions.secondFactorPending, false),
      ),
    );
  if (rows.length === 0) return null;
  const spans = rows.flatMap(({ tier, startsAt, endsAt }) =>
    tier && startsAt && endsAt ? [{ tier, startsAt, endsAt }] : [],
  );
  return { user: rows[0]!.user, expiresAt: rows[0]!.expiresAt, spans, readAt: now.getTime() };
}

/**
 * The user of an active session with their effective tier at `now`; undefined when there is none.
 * Kept in memory per session while the server listens for changes (db/data-versions.ts): any write to
 * the user's sessions, user row or memberships drops it on every server; it also ends at the session's
 * `expiresAt`, and the tier is worked out from the kept memberships at each `now` (so a membership's end
 * or start acts at its boundary).
 */
export async function sessionUser(
  db: Db,
  claims: SessionClaims,
  now: Date,
): Promise<{ user: User; tier: CurrentTier } | undefined> {
  if (!UUID.test(claims.sessionId) || !UUID.test(claims.userId)) return undefined;
  const store = versionStoreOf(db);
  const read = () => readSession(db, claims, now);
  let found = store
    ? await store.get(`u:${claims.userId}`, `s:${claims.userId}:${claims.sessionId}`, read, (r) =>
        r ? r.expiresAt.getTime() : Number.POSITIVE_INFINITY,
      )
    : await read();
  // Read for a later time than this request's (APP_NOW went back): the spans may lack some.
  if (found && found.readAt > now.getTime()) found = await read();
  return activeAt(found, now);
}

/** The kept session's user and tier at `now`; undefined once the session has ended. */
function activeAt(found: SessionRecord | null, now: Date): { user: User; tier: CurrentTier } | undefined {
  if (!found || found.expiresAt.getTime() <= Date.now()) return undefined;
  const t = now.getTime();
  return {
    user: found.user,
    tier: tierFrom(
      found.spans.filter((s) => s.endsAt.getTime() > t),
      now,
    ),
  };
}

/**
 * `sessionUser` without waiting: its answer when the session is kept in memory and known current
 * (db/data-versions.ts), else undefined — also when there is no such session; the caller then takes
 * `sessionUser`'s way.
 */
export function sessionUserInMemory(
  db: Db,
  claims: SessionClaims,
  now: Date,
): { user: User; tier: CurrentTier } | undefined {
  if (!UUID.test(claims.sessionId) || !UUID.test(claims.userId)) return undefined;
  const found = versionStoreOf(db)?.peek<SessionRecord | null>(
    `u:${claims.userId}`,
    `s:${claims.userId}:${claims.sessionId}`,
  );
  if (!found || found.readAt > now.getTime()) return undefined;
  return activeAt(found, now);
}

export function toViewer(user: User, t: CurrentTier): Viewer {
  // Admins have everything a premium member has.
  const tier = user.role === 'admin' ? 'premium' : t.tier;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    tier,
    tierEndsAt: t.endsAt?.toISOString() ?? null,
    twoFactor: user.twoFactorAt !== null,
  };
}
