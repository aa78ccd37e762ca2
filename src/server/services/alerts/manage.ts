/**
 * A member's alerts (docs/product.md §10): set, list and remove, each member only their own. The number of
 * alerts follows the tier (`ALERT_LIMIT`); a level is put on the IDX grid and the step is said back.
 * Target and fair-value alerts follow the analysis' access rule (docs/decisions/0008): a member below the
 * latest analysis' tier cannot set one, and evaluation never fires one for them either.
 */
import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { alerts } from '../../db/schema';
import {
  ALERT_LIMIT,
  isAlertKind,
  MOVE_PCT_MAX,
  MOVE_PCT_MIN,
  snapLevel,
  type AlertKind,
} from '../../../domain/alerts';
import { canReadAnalysis } from '../../../domain/analysis-access';
import { TIER_LABEL } from '../../../lib/labels';
import type { Tier } from '../../../domain/tiers';
import type { LatestCall } from '../../content/latest-calls';
import { formatNumber, formatRupiah } from '../../../lib/format';
import { knownCode } from '../watchlist/lists';

export interface AlertRow {
  id: string;
  ticker: string;
  kind: AlertKind;
  level: number | null;
  pct: number | null;
  armed: boolean;
}

export type AlertResult =
  { ok: true; message: string } | { ok: false; status: 400 | 403 | 404 | 409; field: string; message: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function listAlerts(db: Db, userId: string): Promise<AlertRow[]> {
  const rows = await db
    .select()
    .from(alerts)
    .where(eq(alerts.userId, userId))
    .orderBy(asc(alerts.ticker), asc(alerts.createdAt));
  return rows.map((r) => ({
    id: r.id,
    ticker: r.ticker,
    kind: r.kind,
    level: r.level,
    pct: r.pct === null ? null : Number(r.pct),
    armed: r.armed,
  }));
}

export interface NewAlert {
  code: string;
  kind: string;
  level: string;
  pct: string;
}

const bad = (field: string, message: string): AlertResult => ({ ok: false, status: 400, field, message });

/** Parses a number as members type it: `9.025`, `9025`, `2,5`. */
function parseLocaleNumber(raw: string): number | null {
  const s = raw.trim().replace(/\s|Rp/gi, '');
  if (!s) return null;
  const normal = s.includes(',')
    ? s.replace(/\./g, '').replace(',', '.')
    : /^\d{1,3}(\.\d{3})+$/.test(s)
      ? s.replace(/\./g, '')
      : s;
  const n = Number(normal);
  return Number.isFinite(n) ? n : null;
}

export async function createAlert(
  db: Db,
  member: { id: string; tier: Tier },
  input: NewAlert,
  call: LatestCall | undefined,
): Promise<AlertResult> {
  const ticker = await knownCode(db, input.code);
  if (!ticker) return bad('code', `Kode saham “${input.code.trim().slice(0, 12) || '(kosong)'}” tidak dikenal.`);
  if (!isAlertKind(input.kind)) return bad('kind', 'Jenis alert tidak dikenal.');
  const kind = input.kind;
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(alerts).where(eq(alerts.userId, member.id));
  const limit = ALERT_LIMIT[member.tier];
  if (Number(n) >= limit) {
    return {
      ok: false,
      status: 409,
      field: 'kind',
      message: `Paket ${TIER_LABEL[member.tier]} memuat paling banyak ${limit} alert; hapus satu atau tingkatkan paket.`,
    };
  }
  const values: typeof alerts.$inferInsert = { userId: member.id, ticker, kind };
  let said = '';
  if (kind === 'price_above' || kind === 'price_below') {
    const entered = parseLocaleNumber(input.level);
    if (entered === null || entered <= 0 || entered > 10_000_000)
      return bad('level', 'Harga harus angka di atas nol, misalnya 9.025.');
    const s = snapLevel(kind, entered);
    values.level = s.level;
    said = ` ${kind === 'price_above' ? 'di atas atau sama dengan' : 'di bawah atau sama dengan'} ${formatRupiah(s.level)} (fraksi Rp ${formatNumber(s.step)}${s.moved ? `, disesuaikan dari ${formatNumber(entered)}` : ''})`;
  } else if (kind === 'move') {
    const pct = parseLocaleNumber(input.pct);
    if (pct === null || pct < MOVE_PCT_MIN || pct > MOVE_PCT_MAX) {
      return bad('pct', `Batas pergerakan harus antara ${MOVE_PCT_MIN} dan ${MOVE_PCT_MAX} persen.`);
    }
    values.pct = pct.toFixed(2);
    said = ` bergerak ±${formatNumber(pct, 2)} % dalam sehari`;
  } else if (kind === 'target' || kind === 'fair_value') {
    const value = kind === 'target' ? call?.targetPrice : call?.fairValue;
    const what = kind === 'target' ? 'target harga' : 'nilai wajar';
    if (!call || !value) return bad('kind', `Belum ada analisis ${ticker} dengan ${what}.`);
    if (!canReadAnalysis(member.tier, call.tier)) {
      return {
        ok: false,
        status: 403,
        field: 'kind',
        message: `Alert ${what} ${ticker} memerlukan paket ${TIER_LABEL[call.tier]}, sesuai analisisnya.`,
      };
    }
  }
  if (kind === 'analysis') values.lastKey = call ? call.href : null;
  await db.insert(alerts).values(values);
  return { ok: true, message: `Alert ${ticker} dipasang${said}.` };
}

export async function deleteAlert(db: Db, userId: string, id: string): Promise<AlertResult> {
  if (!UUID.test(id)) return { ok: false, status: 404, field: 'alert', message: 'Alert tidak ditemukan.' };
  const gone = await db
    .delete(alerts)
    .where(and(eq(alerts.id, id), eq(alerts.userId, userId)))
    .returning({ ticker: alerts.ticker });
  if (!gone.length) return { ok: false, status: 404, field: 'alert', message: 'Alert tidak ditemukan.' };
  return { ok: true, message: `Alert ${gone[0]!.ticker} dihapus.` };
}
