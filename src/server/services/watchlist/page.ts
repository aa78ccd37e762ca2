/**
 * What `/watchlist` shows and what its forms do (docs/product.md §10): the member's lists, the chosen
 * list's rows sorted as the URL asks, their alerts per code, and the posts that change them.
 */
import { z } from 'zod';
import type { Db } from '../../db/client';
import type { Tier } from '../../../domain/tiers';
import { ALERT_LIMIT } from '../../../domain/alerts';
import { SORT_DIRECTIONS } from '../../../domain/sort-direction';
import type { LatestCall } from '../../content/latest-calls';
import type { PostedForm } from '../../http/forms';
import { createAlert, deleteAlert, listAlerts, type AlertRow } from '../alerts/manage';
import {
  addToWatchlist,
  createWatchlist,
  deleteWatchlist,
  listWatchlists,
  removeFromWatchlist,
  renameWatchlist,
  watchlistCodes,
  type Watchlist,
} from './lists';
import { sortRows, WATCH_SORTS, watchRows, type WatchRow } from './rows';

export const watchQuerySchema = z.object({
  daftar: z.string().max(40).catch(''),
  urut: z.enum(WATCH_SORTS).catch('kode'),
  arah: z.enum(SORT_DIRECTIONS).catch('naik'),
});
export type WatchQuery = z.infer<typeof watchQuerySchema>;

export interface WatchlistPageState {
  lists: Watchlist[];
  current: Watchlist | null;
  rows: WatchRow[];
  alertsByCode: Map<string, AlertRow[]>;
  alertCount: number;
  alertLimit: number;
}

export async function watchlistPageState(
  db: Db,
  member: { id: string; tier: Tier },
  query: WatchQuery,
  calls: ReadonlyMap<string, LatestCall>,
  today: string,
): Promise<WatchlistPageState> {
  const [lists, alerts] = await Promise.all([listWatchlists(db, member.id), listAlerts(db, member.id)]);
  const current = lists.find((l) => l.id === query.daftar) ?? lists[0] ?? null;
  const codes = current ? await watchlistCodes(db, member.id, current.id) : [];
  const rows = sortRows(await watchRows(db, codes, calls, member.tier, today), query.urut, query.arah);
  const alertsByCode = new Map<string, AlertRow[]>();
  for (const a of alerts) alertsByCode.set(a.ticker, [...(alertsByCode.get(a.ticker) ?? []), a]);
  return { lists, current, rows, alertsByCode, alertCount: alerts.length, alertLimit: ALERT_LIMIT[member.tier] };
}

export type WatchPostResult =
  { ok: true; message: string; listId: string } | { ok: false; status: number; field: string; message: string };

/** Runs one of the page's forms (by its `intent`); `null` for an unknown intent. */
export async function handleWatchlistPost(
  db: Db,
  member: { id: string; tier: Tier },
  form: PostedForm,
  calls: ReadonlyMap<string, LatestCall>,
): Promise<WatchPostResult | null> {
  const listId = form.text('list');
  const code = form.text('code');
  const keep = (r: { ok: true; message: string }, id = listId): WatchPostResult => ({ ...r, listId: id });
  switch (form.intent) {
    case 'create-list': {
      const r = await createWatchlist(db, member.id, form.text('name'));
      return r.ok ? keep(r, r.value) : r;
    }
    case 'rename-list': {
      const r = await renameWatchlist(db, member.id, listId, form.text('name'));
      return r.ok ? keep(r) : r;
    }
    case 'delete-list': {
      const r = await deleteWatchlist(db, member.id, listId);
      return r.ok ? keep(r, '') : r;
    }
    case 'add': {
      const r = await addToWatchlist(db, member.id, listId, code);
      return r.ok ? keep(r, r.value) : r;
    }
    case 'remove': {
      const r = await removeFromWatchlist(db, member.id, listId, code);
      return r.ok ? keep(r) : r;
    }
    case 'add-alert': {
      const input = { code, kind: form.text('kind'), level: form.text('level'), pct: form.text('pct') };
      const upper = code.trim().toUpperCase();
      const r = await createAlert(db, member, input, calls.get(upper));
      return r.ok ? keep(r) : r;
    }
    case 'delete-alert': {
      const r = await deleteAlert(db, member.id, form.text('alert'));
      return r.ok ? keep(r) : r;
    }
    default:
      return null;
  }
}
