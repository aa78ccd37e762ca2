/**
 * The tax rules of cash dividends received by a resident individual (docs/product.md §5.5, with the
 * regulations cited there): which dividends had 10 % final withheld, which arrive gross, the tax taken
 * at payment for each, and the deadlines of the exemption.
 */
import { fromDayNumber, toDayNumber } from '../dates';
import { dividendTax } from './money';
import type { DividendDecision, DividendTaxTreatment, IsoDate, PortfolioSettings } from './types';

/** KSEI pays dividends to resident individuals gross for recording dates from this day (PP 9/2021). */
const GROSS_DIVIDENDS_FROM: IsoDate = '2021-03-01';

/** The final tax rate on dividends, withheld before 1 March 2021 or paid by the member after. */
export const DIVIDEND_TAX_PCT = 10;

/** The key of a dividend within its portfolio, the same for the engine, the database and the notices. */
export const corporateDividendKey = (ticker: string, cumDate: IsoDate) => `ca:${ticker}:${cumDate}`;
export const manualDividendKey = (transactionId: string) => `tx:${transactionId}`;

/** The lookup key of a decision: portfolio and dividend key. */
export const decisionKey = (portfolioId: string, key: string) => `${portfolioId}|${key}`;

/**
 * The recording date when the data has none: the cum date in the cash market, two exchange days after
 * the regular-market cum date (T+2 settlement). Weekends are skipped; holidays are not known here.
 */
export function assumedRecordingDate(cumDate: IsoDate): IsoDate {
  let day = toDayNumber(cumDate);
  for (let added = 0; added < 2;) {
    day++;
    const weekday = (day + 4) % 7; // day 0 (1970-01-01) was a Thursday; 0 = Sunday
    if (weekday !== 0 && weekday !== 6) added++;
  }
  return fromDayNumber(day);
}

/** How a dividend with this recording date (manual entries: payment date) is taxed in this portfolio. */
export function taxTreatment(settings: PortfolioSettings, recordingDate: IsoDate): DividendTaxTreatment {
  if ((settings.dividendTaxRule ?? 'fixed') === 'fixed') return 'fixed';
  return recordingDate < GROSS_DIVIDENDS_FROM ? 'withheld' : 'gross';
}

/** The tax taken from a dividend by the time it is counted as received: what the member actually gave up. */
export function taxTaken(
  gross: number,
  treatment: DividendTaxTreatment,
  settings: PortfolioSettings,
  decision: DividendDecision | undefined,
): number {
  if (treatment === 'fixed') return dividendTax(gross, settings.dividendTaxPct);
  if (treatment === 'withheld') return dividendTax(gross, DIVIDEND_TAX_PCT);
  return decision?.choice === 'self_paid' ? dividendTax(gross, DIVIDEND_TAX_PCT) : 0;
}

/** The 15th of the month after the month of payment: the self-payment deadline (PMK 81/2024 art. 373(2)). */
export function selfPayDeadline(paymentDate: IsoDate): IsoDate {
  const y = Number(paymentDate.slice(0, 4));
  const m = Number(paymentDate.slice(5, 7));
  const [ny, nm] = m === 12 ? [y + 1, 1] : [y, m + 1];
  return `${ny}-${String(nm).padStart(2, '0')}-15`;
}

/** The end of the third month after the tax year of receipt: the investment deadline (PMK 18/2021 art. 36(1)). */
export function investDeadline(paymentDate: IsoDate): IsoDate {
  return `${Number(paymentDate.slice(0, 4)) + 1}-03-31`;
}

/** The end of the third tax year counted from the year of receipt: the holding term (PMK 18/2021 art. 36(2)). */
export function holdUntil(paymentDate: IsoDate): IsoDate {
  return `${Number(paymentDate.slice(0, 4)) + 2}-12-31`;
}

/** The 10 % due on the part of a gross dividend neither covered by investment nor already paid. */
export function taxDue(gross: number, covered: number, decision: DividendDecision | undefined): number {
  if (decision?.choice === 'self_paid') return 0;
  return dividendTax(Math.max(0, gross - covered), DIVIDEND_TAX_PCT);
}
