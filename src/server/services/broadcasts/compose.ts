/**
 * Writing and sending a broadcast from the console: the form is checked, previewed as an email and as a
 * Telegram message with the audience's size, then sent once. Sending writes the broadcast, its snapshot of
 * deliveries and the audit entry in one transaction; the broadcasts job delivers them.
 */
import { desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { executeRows } from '../../db/rows';
import { broadcasts } from '../../db/schema';
import {
  audienceIsEmpty,
  emptyCounts,
  TELEGRAM_TEXT_LIMIT,
  type BroadcastAudience,
  type DeliveryCounts,
  type DeliveryStatus,
} from '../../../domain/broadcasts';
import { TIERS } from '../../../domain/tiers';
import { TELEGRAM_GROUPS } from '../../../domain/telegram-groups';
import { formatNumber } from '../../../lib/format';
import { audit } from '../audit';
import { insertPlan, planCounts } from './audience';
import { renderBroadcast, telegramMessage, type RenderedBroadcast } from './markdown';

export const MAX_TITLE = 120;
export const MAX_BODY = 20_000;

const schema = z.object({
  title: z
    .string()
    .trim()
    .min(1, { message: 'Judul: wajib diisi.' })
    .max(MAX_TITLE, { message: `Judul: paling banyak ${MAX_TITLE} karakter.` })
    .refine((s) => !/[\r\n]/.test(s), { message: 'Judul: satu baris saja.' }),
  body: z
    .string()
    .trim()
    .min(1, { message: 'Pesan: wajib diisi.' })
    .max(MAX_BODY, { message: `Pesan: paling banyak ${formatNumber(MAX_BODY)} karakter.` }),
  tiers: z.array(z.enum(TIERS, { message: 'Paket: pilih dari daftar.' })).default([]),
  groups: z.array(z.enum(TELEGRAM_GROUPS, { message: 'Grup Telegram: pilih dari daftar.' })).default([]),
  everyone: z.literal(['on', '']).optional(),
});

export interface BroadcastInput {
  title?: unknown;
  body?: unknown;
  tiers?: unknown;
  groups?: unknown;
  everyone?: unknown;
  sendKey?: unknown;
}

export interface Draft {
  title: string;
  body: string;
  audience: BroadcastAudience;
  rendered: RenderedBroadcast;
  telegram: { html: string; length: number };
}

export type DraftResult = { ok: true; draft: Draft } | { ok: false; status: 400; field: string; message: string };

/** Checks the form; a message Telegram would refuse as too long is refused here. */
export function readDraft(input: BroadcastInput): DraftResult {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, status: 400, field: String(issue.path[0] ?? 'body'), message: issue.message };
  }
  const v = parsed.data;
  const audience: BroadcastAudience = { tiers: v.tiers, groups: v.groups, everyone: v.everyone === 'on' };
  if (audienceIsEmpty(audience)) {
    return {
      ok: false,
      status: 400,
      field: 'audience',
      message: 'Penerima: pilih paket, grup Telegram, atau semua anggota yang berlangganan pengumuman.',
    };
  }
  const rendered = renderBroadcast(v.body);
  const telegram = telegramMessage(v.title, rendered);
  if (telegram.length > TELEGRAM_TEXT_LIMIT) {
    return {
      ok: false,
      status: 400,
      field: 'body',
      message: `Pesan: terlalu panjang untuk Telegram (${formatNumber(telegram.length)} dari ${formatNumber(TELEGRAM_TEXT_LIMIT)} karakter bersama judul).`,
    };
  }
  return { ok: true, draft: { title: v.title, body: v.body, audience, rendered, telegram } };
}

/** How many rows a send would write now, by status and channel (the preview's "akan dikirim" line). */
export async function audienceSize(
  db: Db,
  audience: BroadcastAudience,
  now: Date,
  telegramConfigured: boolean,
): Promise<{ members: number; email: number; telegram: number; skipped: number }> {
  // `members` counts only members something can reach: one whose every channel is skipped receives nothing.
  return planCounts(db, audience, now, telegramConfigured);
}

export type SendResult =
  { ok: true; id: string; message: string } | { ok: false; status: 400 | 409; field: string; message: string };

const sendKeySchema = z.uuid({ message: 'Kirim: pratinjau dulu, lalu kirim dari pratinjau itu.' });

/**
 * Sends a checked draft once: the broadcast row (unique by the preview's key), one delivery row per member
 * and channel, and the audit entry, in one transaction. The same key again sends nothing (409).
 */
export async function sendBroadcast(
  db: Db,
  adminId: string,
  input: BroadcastInput,
  now: Date,
  telegramConfigured: boolean,
): Promise<SendResult> {
  const key = sendKeySchema.safeParse(input.sendKey);
  if (!key.success) return { ok: false, status: 400, field: 'sendKey', message: key.error.issues[0]!.message };
  const read = readDraft(input);
  if (!read.ok) return read;
  const { title, body, audience } = read.draft;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(broadcasts)
      .values({ sendKey: key.data, title, body, audience, createdBy: adminId, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: broadcasts.id });
    if (!row) {
      return { ok: false as const, status: 409 as const, field: 'sendKey', message: 'Siaran ini sudah dikirim.' };
    }
    // The rows are written by the database from the plan query; the audience never comes through here.
    const { deliveries, pending } = await insertPlan(tx as unknown as Db, row.id, audience, now, telegramConfigured);
    if (pending === 0) await tx.update(broadcasts).set({ finishedAt: now }).where(eq(broadcasts.id, row.id));
    await audit(tx as unknown as Db, {
      at: now,
      actorId: adminId,
      subjectId: null,
      action: 'admin.broadcast-send',
      details: { broadcastId: row.id, title, audience, deliveries, pending },
    });
    return {
      ok: true as const,
      id: row.id,
      message: `Siaran “${title}” dikirim ke antrean: ${formatNumber(pending)} pesan akan dikirim, ${formatNumber(deliveries - pending)} dilewati.`,
    };
  });
}

export interface BroadcastSummary {
  id: string;
  title: string;
  audience: BroadcastAudience;
  createdAt: Date;
  finishedAt: Date | null;
  counts: DeliveryCounts;
  /** Reasons of skipped, failed and uncertain rows with how many each. */
  reasons: { status: DeliveryStatus; reason: string; n: number }[];
}

/** The latest broadcasts with their counts by status, as the console shows them while they run. */
export async function listBroadcasts(db: Db, limit = 20): Promise<BroadcastSummary[]> {
  const rows = await db.select().from(broadcasts).orderBy(desc(broadcasts.createdAt)).limit(limit);
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const idList = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const list = await executeRows<{ broadcast_id: string; status: DeliveryStatus; reason: string | null; n: number }>(
    db,
    sql`select broadcast_id, status, reason, count(*)::int as n from broadcast_deliveries
        where broadcast_id in (${idList}) group by broadcast_id, status, reason`,
  );
  return rows.map((r) => {
    const counts = emptyCounts();
    const reasons: BroadcastSummary['reasons'] = [];
    for (const c of list.filter((x) => x.broadcast_id === r.id)) {
      counts[c.status] += Number(c.n);
      counts.total += Number(c.n);
      if (c.reason) reasons.push({ status: c.status, reason: c.reason, n: Number(c.n) });
    }
    return {
      id: r.id,
      title: r.title,
      audience: r.audience,
      createdAt: r.createdAt,
      finishedAt: r.finishedAt,
      counts,
      reasons: reasons.sort((a, b) => b.n - a.n),
    };
  });
}
