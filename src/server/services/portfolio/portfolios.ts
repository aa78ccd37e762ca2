/**
 * A member's portfolios and their settings. Every lookup is scoped to the member: another member's
 * portfolio id reads as "not found", never as "forbidden".
 */
import { and, asc, eq } from 'drizzle-orm';
import { DEFAULT_PORTFOLIO_SETTINGS } from '../../../domain/portfolio';
import { DIVIDEND_TAX_BY_DATE } from '../../../lib/dividend-tax-labels';
import { parseIdNumber } from '../../../lib/numbers';
import type { Db, Tx } from '../../db/client';
import { portfolios } from '../../db/schema';
import { NOT_FOUND_PORTFOLIO, type FieldErrors, type Outcome, type Portfolio } from './types';

const DEFAULT_PORTFOLIO_NAME = 'Portofolio utama';
const MAX_PORTFOLIOS = 20;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when `id` can be a row id; anything else is simply not found (and never reaches SQL). */
export function isUuid(id: unknown): id is string {
  return typeof id === 'string' && UUID.test(id);
}

type Row = typeof portfolios.$inferSelect;

function toPortfolio(r: Row): Portfolio {
  return {
    id: r.id,
    name: r.name,
    settings: {
      buyBps: r.buyBps,
      sellBps: r.sellBps,
      dividendTaxPct: r.dividendTaxPct === 0 ? 0 : 10,
      dividendTaxRule: r.dividendTaxRule === 'fixed' ? 'fixed' : 'by_date',
      feesInAverage: r.feesInAverage,
    },
    createdAt: r.createdAt,
  };
}

/** The member's portfolios, oldest first (the first is the default one). */
export async function listPortfolios(db: Db | Tx, userId: string): Promise<Portfolio[]> {
  const rows = await db
    .select()
    .from(portfolios)
    .where(eq(portfolios.userId, userId))
    .orderBy(asc(portfolios.createdAt), asc(portfolios.id));
  return rows.map(toPortfolio);
}

/** The member's portfolio with this id; undefined for an unknown id or another member's. */
export async function findPortfolio(db: Db | Tx, userId: string, id: unknown): Promise<Portfolio | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(portfolios)
    .where(and(eq(portfolios.id, id), eq(portfolios.userId, userId)));
  return row && toPortfolio(row);
}

/** The member's first portfolio, created as "Portofolio utama" with default settings when none exists. */
export async function ensurePortfolio(db: Db, userId: string): Promise<Portfolio> {
  const [first] = await listPortfolios(db, userId);
  if (first) return first;
  // Two first requests at once both try; the unique (user, name) key lets one win.
  await db.insert(portfolios).values({ userId, name: DEFAULT_PORTFOLIO_NAME }).onConflictDoNothing();
  return (await listPortfolios(db, userId))[0]!;
}

/** The portfolio `id` names, or the member's default one when no id is given. */
export async function resolvePortfolio(db: Db, userId: string, id?: string | null): Promise<Portfolio | undefined> {
  return id ? findPortfolio(db, userId, id) : ensurePortfolio(db, userId);
}

/**
 * Settings as entered: fee rates in percent (`0,15`), fees in the average, and the dividend tax as
 * `dividendTax` (`menurut-tanggal` for a resident individual's rules by date, or a fixed `10` or `0`) or,
 * as before, `dividendTaxPct` alone (a fixed `10` or `0`).
 */
export interface PortfolioInput {
  name?: unknown;
  buyPct?: unknown;
  sellPct?: unknown;
  dividendTax?: unknown;
  dividendTaxPct?: unknown;
  feesInAverage?: unknown;
}

type Values = Partial<
  Pick<Row, 'name' | 'buyBps' | 'sellBps' | 'dividendTaxPct' | 'dividendTaxRule' | 'feesInAverage'>
>;

function readDividendTax(input: PortfolioInput, values: Values, fields: FieldErrors): void {
  const by = input.dividendTax !== undefined ? 'dividendTax' : 'dividendTaxPct';
  const raw = input.dividendTax ?? input.dividendTaxPct;
  if (raw === undefined) return;
  const v = String(raw).trim();
  if (by === 'dividendTax' && v === DIVIDEND_TAX_BY_DATE) values.dividendTaxRule = 'by_date';
  else if (v === '10' || v === '0') {
    values.dividendTaxPct = Number(v);
    values.dividendTaxRule = 'fixed';
  } else
    fields[by] =
      by === 'dividendTax'
        ? 'Pajak dividen harus menurut tanggal, tetap 10 %, atau tetap 0 %.'
        : 'Pajak dividen harus 10 % atau 0 %.';
}

function readBps(v: unknown, label: string, fields: FieldErrors, key: string): number | undefined {
  const n = parseIdNumber(String(v ?? ''));
  const bps = n === undefined ? NaN : Math.round(n * 100);
  if (n === undefined || Math.abs(n * 100 - bps) > 1e-9 || bps < 0 || bps > 1_000) {
    fields[key] = `${label} harus persen 0 sampai 10 dengan paling banyak dua desimal, misalnya 0,15.`;
    return undefined;
  }
  return bps;
}

/** Reads the settings fields that are present; absent ones keep their value. */
function readPortfolioInput(input: PortfolioInput): { values: Values; fields: FieldErrors } {
  const fields: FieldErrors = {};
  const values: Values = {};
  if (input.name !== undefined) {
    const name = String(input.name).trim().replace(/\s+/g, ' ');
    if (name.length < 1 || name.length > 60) fields.name = 'Nama portofolio wajib diisi, paling banyak 60 karakter.';
    else values.name = name;
  }
  if (input.buyPct !== undefined) values.buyBps = readBps(input.buyPct, 'Biaya beli', fields, 'buyPct');
  if (input.sellPct !== undefined) values.sellBps = readBps(input.sellPct, 'Biaya jual', fields, 'sellPct');
  readDividendTax(input, values, fields);
  if (input.feesInAverage !== undefined) {
    values.feesInAverage = [true, 'true', 'on', '1', 'ya'].includes(input.feesInAverage as string | boolean);
  }
  return { values, fields };
}

function refusal(fields: FieldErrors): Outcome<never> {
  return { ok: false, status: 400, message: Object.values(fields)[0]!, fields };
}

const DUPLICATE_NAME: FieldErrors = { name: 'Anda sudah punya portofolio dengan nama ini.' };

/** Creates a portfolio; the name is required, settings default to docs/product.md §5. */
export async function createPortfolio(
  db: Db,
  userId: string,
  input: PortfolioInput,
): Promise<Outcome<{ portfolio: Portfolio }>> {
  const { values, fields } = readPortfolioInput({ ...input, name: input.name ?? '' });
  if (Object.keys(fields).length > 0) return refusal(fields);
  if ((await listPortfolios(db, userId)).length >= MAX_PORTFOLIOS) {
    return { ok: false, status: 409, message: `Paling banyak ${MAX_PORTFOLIOS} portofolio per anggota.` };
  }
  const d = DEFAULT_PORTFOLIO_SETTINGS;
  const [row] = await db
    .insert(portfolios)
    .values({
      buyBps: d.buyBps,
      sellBps: d.sellBps,
      dividendTaxPct: d.dividendTaxPct,
      ...values,
      userId,
      name: values.name!,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return refusal(DUPLICATE_NAME);
  return { ok: true, warnings: [], portfolio: toPortfolio(row) };
}

/** Renames a portfolio or changes its settings; the member's own portfolios only. */
export async function updatePortfolio(
  db: Db,
  userId: string,
  id: unknown,
  input: PortfolioInput,
): Promise<Outcome<{ portfolio: Portfolio }>> {
  const current = await findPortfolio(db, userId, id);
  if (!current) return NOT_FOUND_PORTFOLIO;
  const { values, fields } = readPortfolioInput(input);
  if (Object.keys(fields).length > 0) return refusal(fields);
  if (values.name && values.name !== current.name) {
    const taken = (await listPortfolios(db, userId)).some((p) => p.name === values.name);
    if (taken) return refusal(DUPLICATE_NAME);
  }
  if (Object.keys(values).length === 0) return { ok: true, warnings: [], portfolio: current };
  const [row] = await db
    .update(portfolios)
    .set(values)
    .where(and(eq(portfolios.id, current.id), eq(portfolios.userId, userId)))
    .returning();
  return { ok: true, warnings: [], portfolio: toPortfolio(row!) };
}
