/**
 * Reads the period of a metrics or dividends view from URL parameters: a preset key, or a custom
 * from–to range. Pages use Indonesian names (`periode`, `dari`, `sampai`), the API English ones
 * (`period`, `from`, `to`); both end here, so both give the same Indonesian messages.
 */
import { isIsoDay } from '../../../domain/dates';
import { CUSTOM_PERIOD, PERIODS, type AnyPeriod, type DateRange } from '../../../domain/portfolio/period';

export type PeriodQuery =
  { ok: true; period: AnyPeriod | null; range: DateRange | null } | { ok: false; field: string; message: string };

interface Names {
  period: string;
  from: string;
  to: string;
}

export const PAGE_PARAMS: Names = { period: 'periode', from: 'dari', to: 'sampai' };
export const API_PARAMS: Names = { period: 'period', from: 'from', to: 'to' };

/**
 * The period asked for. A `from` or `to` without a period means the custom range; a preset with
 * bounds is refused. `today` caps nothing but is the latest `from` allowed.
 */
export function parsePeriodQuery(params: URLSearchParams, names: Names, today: string): PeriodQuery {
  const rawPeriod = params.get(names.period)?.trim().toLowerCase() || null;
  const from = params.get(names.from)?.trim() || null;
  const to = params.get(names.to)?.trim() || null;
  const keys: readonly string[] = [...PERIODS, CUSTOM_PERIOD];
  if (rawPeriod !== null && !keys.includes(rawPeriod))
    return { ok: false, field: names.period, message: `Periode harus salah satu dari ${keys.join(', ')}.` };
  const custom = rawPeriod === CUSTOM_PERIOD || (rawPeriod === null && (from !== null || to !== null));
  if (!custom) {
    if (from !== null || to !== null)
      return { ok: false, field: names.from, message: 'Tanggal awal dan akhir hanya untuk periode kustom.' };
    return { ok: true, period: rawPeriod as AnyPeriod | null, range: null };
  }
  for (const [field, value] of [
    [names.from, from],
    [names.to, to],
  ] as const) {
    if (value !== null && !isIsoDay(value))
      return { ok: false, field, message: `Tanggal "${field}" harus berformat TTTT-BB-HH, misalnya 2025-01-31.` };
  }
  if (from !== null && from > today)
    return { ok: false, field: names.from, message: 'Tanggal awal tidak boleh setelah hari ini.' };
  if (from !== null && to !== null && from > to)
    return { ok: false, field: names.to, message: 'Tanggal akhir tidak boleh sebelum tanggal awal.' };
  return { ok: true, period: CUSTOM_PERIOD, range: { from, to } };
}
