/** Shapes of the portfolio API's JSON bodies. Values stay raw here; the services read them with Indonesian messages. */
import { z } from 'zod';

const field = z.union([z.string(), z.number(), z.null()]).optional();

/**
 * A transaction: `date`, `ticker`, `type`, `shares` (or `lots`, or `quantity` + `unit`), `price`, `fee`, and
 * `priceConfirmed` (`1`: a price far outside the day's range is meant, as the form's "Harga ini benar").
 */
export const transactionBody = z.object({
  portfolioId: z.string().optional(),
  date: field,
  ticker: field,
  type: field,
  shares: field,
  lots: field,
  quantity: field,
  unit: field,
  price: field,
  fee: field,
  priceConfirmed: field,
});

const value = z.union([z.string(), z.number(), z.boolean()]).optional();

/** A portfolio's name and settings; fee rates in percent. */
export const portfolioBody = z.object({
  name: value,
  buyPct: value,
  sellPct: value,
  dividendTax: value,
  dividendTaxPct: value,
  feesInAverage: value,
});
