/**
 * A member's watchlists and their codes (docs/product.md §10). Every function takes the member's id and
 * touches only that member's rows: a list id of another member is "not found", never an error that tells
 * it exists.
 */
import { and, asc, count, eq, ilike, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emiten, watchlistItems, watchlists } from '../../db/schema';
import { WATCHLIST_ITEM_LIMIT, WATCHLIST_LIMIT } from '../../../domain/alerts';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../db/errors';

const DEFAULT_LIST_NAME = 'Watchlist saya';

export interface Watchlist {
  id: string;
  name: string;
  codes: number;
}

export type WatchlistResult<T = undefined> =
  { ok: true; value: T; message: string } | { ok: false; status: 400 | 404 | 409; field: string; message: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The member's lists, oldest first, with how many codes each holds. */
export async function listWatchlists(db: Db, userId: string): Promise<Watchlist[]> {
  const rows = await db
    .select({ id: watchlists.id, name: watchlists.name, codes: count(watchlistItems.ticker) })
    .from(watchlists)
    .leftJoin(watchlistItems, eq(watchlistItems.watchlistId, watchlists.id))
    .where(eq(watchlists.userId, userId))
    .groupBy(watchlists.id)
    .orderBy(asc(watchlists.createdAt), asc(watchlists.name));
  return rows.map((r) => ({ id: r.id, name: r.name, codes: Number(r.codes) }));
}

/** The member's list with this id, or null (unknown, malformed or someone else's). */
export async function findOwnWatchlist(db: Db, userId: string, id: string): Promise<Watchlist | null> {
  if (!UUID.test(id)) return null;
  return (await listWatchlists(db, userId)).find((w) => w.id === id) ?? null;
}

function checkName(raw: string): WatchlistResult<string> {
  const name = raw.trim().replace(/\s+/g, ' ');
  if (!name) return { ok: false, status: 400, field: 'name', message: 'Nama watchlist wajib diisi.' };
  if (name.length > 40)
    return { ok: false, status: 400, field: 'name', message: 'Nama watchlist paling panjang 40 karakter.' };
  return { ok: true, value: name, message: '' };
}

export async function createWatchlist(db: Db, userId: string, rawName: string): Promise<WatchlistResult<string>> {
  const name = checkName(rawName);
  if (!name.ok) return name;
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(watchlists).where(eq(watchlists.userId, userId));
  if (Number(n) >= WATCHLIST_LIMIT) {
    return {
      ok: false,
      status: 409,
      field: 'name',
      message: `Anda sudah punya ${WATCHLIST_LIMIT} watchlist, batas maksimum.`,
    };
  }
  try {
    const [row] = await db.insert(watchlists).values({ userId, name: name.value }).returning({ id: watchlists.id });
    return { ok: true, value: row!.id, message: `Watchlist “${name.value}” dibuat.` };
  } catch (err) {
    if (pgErrorCode(err) !== UNIQUE_VIOLATION) throw err;
    return { ok: false, status: 409, field: 'name', message: `Watchlist “${name.value}” sudah ada.` };
  }
}

export async function renameWatchlist(db: Db, userId: string, id: string, rawName: string): Promise<WatchlistResult> {
  const name = checkName(rawName);
  if (!name.ok) return name;
  if (!(await findOwnWatchlist(db, userId, id))) return notFound();
  try {
    await db
      .update(watchlists)
      .set({ name: name.value })
      .where(and(eq(watchlists.id, id), eq(watchlists.userId, userId)));
  } catch (err) {
    if (pgErrorCode(err) !== UNIQUE_VIOLATION) throw err;
    return { ok: false, status: 409, field: 'name', message: `Watchlist “${name.value}” sudah ada.` };
  }
  return { ok: true, value: undefined, message: `Watchlist diganti nama menjadi “${name.value}”.` };
}

export async function deleteWatchlist(db: Db, userId: string, id: string): Promise<WatchlistResult> {
  if (!UUID.test(id)) return notFound();
  const gone = await db
    .delete(watchlists)
    .where(and(eq(watchlists.id, id), eq(watchlists.userId, userId)))
    .returning({ name: watchlists.name });
  if (!gone.length) return notFound();
  return { ok: true, value: undefined, message: `Watchlist “${gone[0]!.name}” dihapus.` };
}

const notFound = (): WatchlistResult<never> => ({
  ok: false,
  status: 404,
  field: 'list',
  message: 'Watchlist tidak ditemukan.',
});

/** A code as a member typed it, upper-cased and checked against the emiten table (the one list of codes). */
export async function knownCode(db: Db, raw: string): Promise<string | null> {
  const code = raw.trim().toUpperCase();
  if (!code || code.length > 12) return null;
  const [row] = await db.select({ t: emiten.ticker }).from(emiten).where(eq(emiten.ticker, code)).limit(1);
  return row?.t ?? null;
}

/**
 * Adds a code to the member's list `listId`; without a list (an "add" from an emiten page) to their first
 * list, made on the spot when they have none. Adding a code already there is a success.
 */
export async function addToWatchlist(
  db: Db,
  userId: string,
  listId: string,
  rawCode: string,
): Promise<WatchlistResult<string>> {
  const code = await knownCode(db, rawCode);
  if (!code) {
    const shown = rawCode.trim().slice(0, 12) || '(kosong)';
    return { ok: false, status: 400, field: 'code', message: `Kode saham “${shown}” tidak dikenal.` };
  }
  let list = listId ? await findOwnWatchlist(db, userId, listId) : ((await listWatchlists(db, userId))[0] ?? null);
  if (listId && !list) return notFound();
  if (!list) {
    const made = await createWatchlist(db, userId, DEFAULT_LIST_NAME);
    if (!made.ok) return made;
    list = { id: made.value, name: DEFAULT_LIST_NAME, codes: 0 };
  }
  if (list.codes >= WATCHLIST_ITEM_LIMIT) {
    return {
      ok: false,
      status: 409,
      field: 'code',
      message: `Watchlist “${list.name}” sudah berisi ${WATCHLIST_ITEM_LIMIT} kode.`,
    };
  }
  await db.insert(watchlistItems).values({ watchlistId: list.id, ticker: code }).onConflictDoNothing();
  return { ok: true, value: list.id, message: `${code} ada di watchlist “${list.name}”.` };
}

export async function removeFromWatchlist(
  db: Db,
  userId: string,
  listId: string,
  rawCode: string,
): Promise<WatchlistResult> {
  const list = await findOwnWatchlist(db, userId, listId);
  if (!list) return notFound();
  const code = rawCode.trim().toUpperCase();
  await db.delete(watchlistItems).where(and(eq(watchlistItems.watchlistId, list.id), eq(watchlistItems.ticker, code)));
  return { ok: true, value: undefined, message: `${code} dihapus dari “${list.name}”.` };
}

/** The codes of one of the member's lists (empty for a list that is not theirs). */
export async function watchlistCodes(db: Db, userId: string, listId: string): Promise<string[]> {
  const rows = await db
    .select({ ticker: watchlistItems.ticker })
    .from(watchlistItems)
    .innerJoin(watchlists, eq(watchlists.id, watchlistItems.watchlistId))
    .where(and(eq(watchlists.id, listId), eq(watchlists.userId, userId)))
    .orderBy(asc(watchlistItems.ticker));
  return rows.map((r) => r.ticker);
}

/** Up to `limit` emiten whose code starts with, or whose name contains, what the member typed. */
export async function searchEmiten(db: Db, raw: string, limit = 8): Promise<{ ticker: string; name: string }[]> {
  const q = raw.trim().slice(0, 60);
  if (q.length < 2) return [];
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select({ ticker: emiten.ticker, name: emiten.name })
    .from(emiten)
    .where(or(ilike(emiten.ticker, `${q.toUpperCase().replace(/[\\%_]/g, '')}%`), ilike(emiten.name, like)))
    .orderBy(asc(emiten.ticker))
    .limit(limit);
}
