/**
 * A member's saved screens (docs/product.md §11): save the screener's current query under a name, list,
 * rename, delete, and turn the alert "beri tahu saat kode baru masuk" on or off. Every function takes the
 * member's id and touches only that member's rows: another member's id is "not found", never a hint that
 * it exists. The query is stored as the screener's parser reads it and writes it back (`canonical`), never
 * as posted.
 */
import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { savedScreens, screenResults } from '../../db/schema';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../db/errors';
import { SAVED_SCREEN_LIMIT } from '../../../domain/alerts';
import { parseScreenQuery } from './screen';
import { lockMember } from '../payments/schedule';
import { RANGE_PARAMS } from '../../../domain/screener';
import { formatNumber } from '../../../lib/format';

export const SCREEN_NAME_MAX = 60;
/** Longer than any query the screener understands (five texts of 80 characters, twenty numbers). */
const QUERY_MAX = 2_000;

export interface SavedScreen {
  id: string;
  name: string;
  /** The screener URL's query string, canonical ('' for the whole market). */
  query: string;
  /** The screener URL of the screen. */
  href: string;
  alert: boolean;
  /** Codes passing on the last evaluation (its shared result); null until the first evaluation after the alert was turned on. */
  baseline: string[] | null;
  /** Trading day of the last evaluation (`YYYY-MM-DD`), or null. */
  alertDay: string | null;
}

export type ScreenResult =
  { ok: true; message: string; id: string } | { ok: false; status: 400 | 404 | 409; field: string; message: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = (): ScreenResult => ({
  ok: false,
  status: 404,
  field: 'screen',
  message: 'Saringan tidak ditemukan.',
});
const bad = (field: string, message: string): ScreenResult => ({ ok: false, status: 400, field, message });

export const screenerHref = (query: string) => (query ? `/analisis/saring?${query}` : '/analisis/saring');

/** The member's screens, oldest first. */
export async function listScreens(db: Db, userId: string): Promise<SavedScreen[]> {
  const rows = await db
    .select({ screen: savedScreens, codes: screenResults.codes })
    .from(savedScreens)
    .leftJoin(
      screenResults,
      and(eq(screenResults.key, savedScreens.alertKey), eq(screenResults.day, savedScreens.alertDay)),
    )
    .where(eq(savedScreens.userId, userId))
    .orderBy(asc(savedScreens.createdAt), asc(savedScreens.name));
  return rows.map(({ screen: r, codes }) => ({
    id: r.id,
    name: r.name,
    query: r.query,
    href: screenerHref(r.query),
    alert: r.alert,
    baseline: codes ?? null,
    alertDay: r.alertDay ?? null,
  }));
}

/** The member's screen with this id, or null (unknown, malformed or someone else's). */
export async function findOwnScreen(db: Db, userId: string, id: string): Promise<SavedScreen | null> {
  if (!UUID.test(id)) return null;
  return (await listScreens(db, userId)).find((s) => s.id === id) ?? null;
}

function checkName(raw: string): { ok: true; name: string } | ScreenResult {
  const name = raw.trim().replace(/\s+/g, ' ');
  if (!name) return bad('name', 'Nama saringan wajib diisi.');
  if (name.length > SCREEN_NAME_MAX) return bad('name', `Nama saringan paling panjang ${SCREEN_NAME_MAX} karakter.`);
  return { ok: true, name };
}

/** `rawQuery`: the screener URL's query string as posted (with or without the leading `?`). */
export async function saveScreen(db: Db, userId: string, rawName: string, rawQuery: string): Promise<ScreenResult> {
  const checked = checkName(rawName);
  if (!('name' in checked)) return checked;
  if (rawQuery.length > QUERY_MAX) return bad('query', 'Saringan terlalu panjang untuk disimpan.');
  const { canonical } = parseScreenQuery(new URLSearchParams(rawQuery.replace(/^\?/, '')));
  try {
    // Counted and inserted under the member's lock: parallel saves cannot all see room for one more.
    return await db.transaction(async (tx): Promise<ScreenResult> => {
      await lockMember(tx, userId);
      const [{ n } = { n: 0 }] = await tx
        .select({ n: count() })
        .from(savedScreens)
        .where(eq(savedScreens.userId, userId));
      if (Number(n) >= SAVED_SCREEN_LIMIT) {
        return {
          ok: false,
          status: 409,
          field: 'name',
          message: `Anda sudah menyimpan ${SAVED_SCREEN_LIMIT} saringan, batas maksimum; hapus satu lebih dulu.`,
        };
      }
      const [row] = await tx
        .insert(savedScreens)
        .values({ userId, name: checked.name, query: canonical })
        .returning({ id: savedScreens.id });
      return { ok: true, id: row!.id, message: `Saringan “${checked.name}” disimpan.` };
    });
  } catch (err) {
    if (pgErrorCode(err) !== UNIQUE_VIOLATION) throw err;
    return { ok: false, status: 409, field: 'name', message: `Saringan bernama “${checked.name}” sudah ada.` };
  }
}

export async function renameScreen(db: Db, userId: string, id: string, rawName: string): Promise<ScreenResult> {
  if (!UUID.test(id)) return notFound();
  const checked = checkName(rawName);
  if (!('name' in checked)) return checked;
  try {
    const rows = await db
      .update(savedScreens)
      .set({ name: checked.name })
      .where(and(eq(savedScreens.id, id), eq(savedScreens.userId, userId)))
      .returning({ id: savedScreens.id });
    if (!rows.length) return notFound();
    return { ok: true, id, message: `Saringan diganti nama menjadi “${checked.name}”.` };
  } catch (err) {
    if (pgErrorCode(err) !== UNIQUE_VIOLATION) throw err;
    return { ok: false, status: 409, field: 'name', message: `Saringan bernama “${checked.name}” sudah ada.` };
  }
}

export async function deleteScreen(db: Db, userId: string, id: string): Promise<ScreenResult> {
  if (!UUID.test(id)) return notFound();
  const gone = await db
    .delete(savedScreens)
    .where(and(eq(savedScreens.id, id), eq(savedScreens.userId, userId)))
    .returning({ name: savedScreens.name });
  if (!gone.length) return notFound();
  return { ok: true, id, message: `Saringan “${gone[0]!.name}” dihapus.` };
}

/**
 * Turns the screen's alert on or off. Either way the screen forgets its last evaluation: the first evaluation after
 * turning it on records the codes passing that day without notifying (there is nothing to compare yet).
 */
export async function setScreenAlert(db: Db, userId: string, id: string, on: boolean): Promise<ScreenResult> {
  if (!UUID.test(id)) return notFound();
  const rows = await db
    .update(savedScreens)
    .set({ alert: on, alertKey: null, alertDay: null })
    .where(and(eq(savedScreens.id, id), eq(savedScreens.userId, userId)))
    .returning({ name: savedScreens.name });
  if (!rows.length) return notFound();
  return {
    ok: true,
    id,
    message: on
      ? `Alert saringan “${rows[0]!.name}” aktif. Evaluasi pertama (setelah data hari bursa berikutnya masuk) hanya mencatat kode yang lolos; pemberitahuan dikirim mulai evaluasi kedua untuk kode yang baru masuk.`
      : `Alert saringan “${rows[0]!.name}” dimatikan.`,
  };
}

/** Runs one of `/watchlist/saringan`'s forms (by its `intent`); null for an unknown intent. */
export function handleScreensPost(
  db: Db,
  userId: string,
  form: { intent: string; text(name: string): string },
): Promise<ScreenResult> | null {
  const id = form.text('screen');
  switch (form.intent) {
    case 'save':
      return saveScreen(db, userId, form.text('name'), form.text('query'));
    case 'rename':
      return renameScreen(db, userId, id, form.text('name'));
    case 'delete':
      return deleteScreen(db, userId, id);
    case 'alert-on':
      return setScreenAlert(db, userId, id, true);
    case 'alert-off':
      return setScreenAlert(db, userId, id, false);
    default:
      return null;
  }
}

/** The screen's filters in words (`Sektor: Keuangan`, `PER (x) ≤ 10`), in the screener's order. */
export function describeScreen(query: string): string[] {
  const p = new URLSearchParams(query);
  const out: string[] = [];
  const texts: [string, string][] = [
    ['sektor', 'Sektor'],
    ['subsektor', 'Subsektor'],
    ['papan', 'Papan'],
    ['rating', 'Rating'],
    ['indeks', 'Indeks'],
  ];
  for (const [k, label] of texts) if (p.get(k)) out.push(`${label}: ${p.get(k)}`);
  for (const r of RANGE_PARAMS) {
    const min = p.get(`${r.param}_min`);
    const max = p.get(`${r.param}_max`);
    const n = (s: string) => formatNumber(Number(s), 4);
    if (min && max) out.push(`${r.label} ${n(min)} s.d. ${n(max)}`);
    else if (min) out.push(`${r.label} ≥ ${n(min)}`);
    else if (max) out.push(`${r.label} ≤ ${n(max)}`);
  }
  return out.length ? out : ['Seluruh emiten (tanpa filter)'];
}
