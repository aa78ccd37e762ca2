/**
 * Imports one trading day from a provider's CSV parts: every part is validated by the market import
 * first. A part's own faults (header, missing columns, another day's rows) refuse the day and nothing
 * is written; in a part that skips broken rows (IDX's feed) a bad row is left out and named in a
 * warning, the rest imports. Then, in one transaction, codes the feed brings for the first time become
 * emiten (board unknown until an emiten file says), prices are upserted, delisting dates are recorded
 * and the market version is bumped when anything changed.
 */
import { and, eq, inArray, isNull, ne, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { emiten } from '../../db/schema';
import { validateCsv, formatRowError } from '../market-import';
import { unknownTickerErrors, writeFile } from '../market-import/write';
import type { RowError, ValidatedFile } from '../market-import/types';
import { markMarketChanged } from '../market/version';
import type { FeedPart } from './feed';
import { readListings, type Listing } from './listings';
import { UNKNOWN_BOARD } from '../../../domain/boards';

/** Sector and sub-sector of an emiten first seen in the daily feed, until an emiten file classifies it. */
export const UNCLASSIFIED = 'Belum diklasifikasikan';
/** Errors quoted in a run record; the rest are counted. */
const QUOTED_ERRORS = 5;

export type DayImport =
  | {
      ok: true;
      rows: number;
      inserted: number;
      updated: number;
      listed: string[];
      delisted: string[];
      /** Rows left out, as a warning naming each (quoted up to a limit). */
      skipped: string | null;
    }
  | { ok: false; rows: number; message: string };

function describeErrors(part: FeedPart, errors: RowError[]): string {
  const quoted = errors.slice(0, QUOTED_ERRORS).map((e) => {
    const text = formatRowError(e);
    return `${part.source} ${text.replace(`Baris ${e.line}`, part.lineName(e.line))}`;
  });
  const more = errors.length - quoted.length;
  return more > 0 ? `${quoted.join('; ')}; dan ${more} kesalahan lain` : quoted.join('; ');
}

type Validated = { file: ValidatedFile; rows: number; skipped: string | null };

function validatePart(part: FeedPart, date: string): Validated | { error: string } {
  const v = validateCsv(part.text, { kind: part.kind, date, today: date, skipBrokenRows: part.skipBrokenRows });
  if (!v.file) return { error: describeErrors(part, v.errors) };
  const skipped = v.errors.length ? `dilewati: ${describeErrors(part, v.errors)}` : null;
  if (v.file.kind === 'prices') {
    // A plain price file must hold exactly the requested day.
    const other = [...v.file.stocks, ...v.file.indexes].find((r) => r.date !== date);
    if (other) return { error: `${part.source}: berisi tanggal ${other.date}, bukan ${date}` };
  }
  return { file: v.file, rows: v.rows, skipped };
}

async function createListings(
  tx: Tx,
  date: string,
  codes: string[],
  listings: Map<string, Listing>,
): Promise<string[]> {
  if (!codes.length) return [];
  const existing = await tx.select({ t: emiten.ticker }).from(emiten).where(inArray(emiten.ticker, codes));
  const known = new Set(existing.map((r) => r.t));
  const fresh = codes.filter((c) => !known.has(c));
  if (!fresh.length) return [];
  await tx.insert(emiten).values(
    fresh.map((ticker) => {
      const l = listings.get(ticker);
      return {
        ticker,
        name: l?.name ?? ticker,
        sector: UNCLASSIFIED,
        subSector: UNCLASSIFIED,
        board: UNKNOWN_BOARD,
        // First day the feed carries the code: its listing date as far as the feed can tell.
        listingDate: date,
        sharesOutstanding: l?.sharesOutstanding ?? 0,
      };
    }),
  );
  return fresh;
}

async function recordDelistings(tx: Tx, listings: Map<string, Listing>): Promise<string[]> {
  const marked: string[] = [];
  for (const l of listings.values()) {
    if (!l.delistedAt) continue;
    const changed = await tx
      .update(emiten)
      .set({ delistedAt: l.delistedAt })
      .where(and(eq(emiten.ticker, l.ticker), or(isNull(emiten.delistedAt), ne(emiten.delistedAt, l.delistedAt))))
      .returning({ t: emiten.ticker });
    if (changed.length) marked.push(l.ticker);
  }
  return marked;
}

/** Validates and writes one day; on any error writes nothing and says why. */
export async function importDay(db: Db, date: string, parts: FeedPart[]): Promise<DayImport> {
  const files: ValidatedFile[] = [];
  const skipped: string[] = [];
  let rows = 0;
  for (const part of parts) {
    const v = validatePart(part, date);
    if ('error' in v) return { ok: false, rows: 0, message: v.error };
    files.push(v.file);
    rows += v.rows;
    if (v.skipped) skipped.push(v.skipped);
  }
  const listings = new Map(parts.flatMap((p) => [...readListings(p.text)]));
  const codes = [...new Set(files.flatMap((f) => ('stocks' in f ? f.stocks.map((s) => s.ticker) : [])))];
  return db.transaction(async (tx) => {
    const listed = await createListings(tx, date, codes, listings);
    const refs = codes.map((ticker) => ({ line: 0, column: 'ticker', ticker }));
    const unknown = await unknownTickerErrors(tx, refs);
    if (unknown.length) throw new Error(unknown.map((e) => e.message).join('; '));
    let [inserted, updated] = [0, 0];
    for (const f of files) {
      const c = await writeFile(tx, f, date);
      inserted += c.inserted;
      updated += c.updated;
    }
    const delisted = await recordDelistings(tx, listings);
    if (inserted || updated || listed.length || delisted.length) await markMarketChanged(tx);
    return { ok: true as const, rows, inserted, updated, listed, delisted, skipped: skipped.join('; ') || null };
  });
}
