/**
 * Analyses whose ticker the market data does not know. Such an analysis still builds and renders (its
 * page shows no company figures); the operator learns about it from one warning line per analysis at
 * start-up and after every market import, and fixes it by importing the emiten or the ticker.
 * Reads the MDX frontmatter from disk, so it works in CLIs as well as in the server.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { parse } from 'yaml';
import type { Db } from '../../db/client';
import { emiten } from '../../db/schema';

/** Where editors write emiten analyses: `{root}/{TICKER}/{slug}.mdx`. */
export const ANALYSIS_ROOT = 'content/analisis';

export interface AnalysisTicker {
  /** Path relative to the working directory. */
  file: string;
  ticker: string;
}

const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---/;

/** The `emiten` of every analysis file under `root` (files starting with `_` are drafts and skipped). */
export function analysisTickers(root = ANALYSIS_ROOT): AnalysisTicker[] {
  if (!existsSync(root)) return [];
  const found: AnalysisTicker[] = [];
  for (const dir of readdirSync(root, { withFileTypes: true })) {
    if (!dir.isDirectory()) continue;
    for (const name of readdirSync(path.join(root, dir.name)).sort()) {
      if (!name.endsWith('.mdx') || name.startsWith('_')) continue;
      const file = path.join(root, dir.name, name);
      const head = FRONTMATTER.exec(readFileSync(file, 'utf8'))?.[1];
      const data: unknown = head ? parse(head) : null;
      const ticker = (data as { emiten?: unknown } | null)?.emiten;
      if (typeof ticker === 'string') found.push({ file, ticker });
    }
  }
  return found.sort((a, b) => a.file.localeCompare(b.file));
}

/** The analyses under `root` whose ticker is not in `emiten`. */
export async function analysesWithoutEmiten(db: Db, root = ANALYSIS_ROOT): Promise<AnalysisTicker[]> {
  const all = analysisTickers(root);
  const tickers = [...new Set(all.map((a) => a.ticker))];
  if (!tickers.length) return [];
  const known = new Set(
    (await db.select({ t: emiten.ticker }).from(emiten).where(inArray(emiten.ticker, tickers))).map((r) => r.t),
  );
  return all.filter((a) => !known.has(a.ticker));
}

/** Writes one warning line per analysis whose ticker the market data does not know; returns them. */
export async function warnAnalysesWithoutEmiten(
  db: Db,
  write: (line: string) => void,
  root = ANALYSIS_ROOT,
): Promise<AnalysisTicker[]> {
  const missing = await analysesWithoutEmiten(db, root);
  for (const a of missing) {
    write(`Peringatan: analisis ${a.file} membahas ${a.ticker}, yang belum ada di data emiten`);
  }
  return missing;
}
