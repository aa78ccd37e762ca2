/** The IDX holiday file (`MARKET_HOLIDAYS_FILE`): which days the exchange is closed, and why. */
import { readFile } from 'node:fs/promises';
import { parseHolidays } from '../../../domain/market-calendar';

/** Reads the holiday file as date → name; a malformed line stops the job with the line named. */
export async function loadHolidayNames(file: string): Promise<Map<string, string>> {
  const { holidays, errors } = parseHolidays(await readFile(file, 'utf8'));
  if (errors.length) throw new Error(`${file}: ${errors.join('; ')}`);
  return new Map(holidays.map((h) => [h.date, h.name]));
}

/** Reads the holiday file; a malformed line stops the job with the line named. */
export async function loadHolidays(file: string): Promise<Set<string>> {
  return new Set((await loadHolidayNames(file)).keys());
}
