/**
 * `/analisis/banding` (docs/product.md §11): 2–4 codes side by side — closes over a range rebased to 100 at
 * its first common day, the screener's figures, the last cash dividend and the latest call as the viewer
 * may see it.
 */
import { and, asc, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { corporateActions, dailyPrices } from '../../db/schema';
import { canReadAnalysis } from '../../../domain/analysis-access';
import type { Tier } from '../../../domain/tiers';
import type { LatestCall } from '../../content/latest-calls';
import { marketFigures, type MarketFigures } from './figures';

export const COMPARE_RANGES = { '1B': 1, '3B': 3, '1T': 12, '3T': 36, '5T': 60 } as const;
export type CompareRange = keyof typeof COMPARE_RANGES;

export interface CompareColumn {
  figures: MarketFigures;
  /** Rebased closes, one per day of `days`. */
  rebased: (number | null)[];
  lastDividend: { exDate: string; amount: number } | null;
  call: null | {
    href: string;
    title: string;
    date: string;
    rating: LatestCall['rating'];
    readable: boolean;
    targetPrice: number | null;
    fairValue: number | null;
  };
}

export type CompareResult =
  { ok: true; days: string[]; columns: CompareColumn[] } | { ok: false; message: string; codes: string[] };

/** The codes of `?kode=`, upper-cased, deduplicated, in order. */
export function parseCodes(raw: string): string[] {
  return [
    ...new Set(
      raw
        .split(/[\s,]+/)
        .map((c) => c.trim().toUpperCase())
        .filter(Boolean),
    ),
  ].slice(0, 5);
}

export async function compare(
  db: Db,
  codes: string[],
  range: CompareRange,
  calls: ReadonlyMap<string, LatestCall>,
  viewerTier: Tier | null,
): Promise<CompareResult> {
  if (codes.length < 2 || codes.length > 4) {
    return { ok: false, message: 'Pilih 2 sampai 4 kode saham, dipisah koma, misalnya BBCA,BBRI.', codes };
  }
  const all = await marketFigures(db);
  const byCode = new Map(all.map((f) => [f.ticker, f]));
  const unknown = codes.filter((c) => !byCode.has(c));
  if (unknown.length) return { ok: false, message: `Kode saham tidak dikenal: ${unknown.join(', ')}.`, codes };
  const last = codes
    .map((c) => byCode.get(c)!.asOf)
    .filter((d): d is string => d !== null)
    .sort()
    .at(-1);
  if (!last) return { ok: false, message: 'Belum ada data harga untuk kode-kode ini.', codes };
  const from = sql`(${last}::date - ${`${COMPARE_RANGES[range]} months`}::interval)::date`;
  const bars = await db
    .select({ ticker: dailyPrices.ticker, date: dailyPrices.date, close: dailyPrices.close })
    .from(dailyPrices)
    .where(and(inArray(dailyPrices.ticker, codes), gte(dailyPrices.date, from), lte(dailyPrices.date, last)))
    .orderBy(asc(dailyPrices.date));
  const days = [...new Set(bars.map((b) => b.date))];
  const closes = new Map(bars.map((b) => [`${b.ticker} ${b.date}`, b.close]));
  // Rebased at the first day every code traded, so all lines start together at 100.
  const start = days.find((d) => codes.every((c) => closes.has(`${c} ${d}`))) ?? days[0];
  const columns = await Promise.all(
    codes.map(async (code): Promise<CompareColumn> => {
      const base = start ? closes.get(`${code} ${start}`) : undefined;
      const [div] = await db
        .select({ exDate: corporateActions.exDate, amount: corporateActions.amount })
        .from(corporateActions)
        .where(and(eq(corporateActions.ticker, code), eq(corporateActions.type, 'dividend')))
        .orderBy(desc(corporateActions.exDate))
        .limit(1);
      const call = calls.get(code);
      const readable = call ? canReadAnalysis(viewerTier, call.tier) : false;
      return {
        figures: byCode.get(code)!,
        rebased: days.map((d) => {
          const c = closes.get(`${code} ${d}`);
          return base && c !== undefined && (!start || d >= start) ? (c / base) * 100 : null;
        }),
        lastDividend: div?.amount ? { exDate: div.exDate, amount: Number(div.amount) } : null,
        call: call
          ? {
              href: call.href,
              title: call.title,
              date: call.date,
              rating: call.rating,
              readable,
              targetPrice: readable ? call.targetPrice : null,
              fairValue: readable ? call.fairValue : null,
            }
          : null,
      };
    }),
  );
  return { ok: true, days, columns };
}
