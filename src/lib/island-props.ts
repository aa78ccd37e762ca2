/**
 * The shapes React islands receive, as props from a page or as JSON from `/api/…`. Services build
 * them; islands only read them, so both sides import them from here rather than islands reaching
 * into `src/server`. Plain data: amounts in whole Rupiah, ratios as fractions, dates as `YYYY-MM-DD`.
 */
import type { Rating } from '../domain/analyses';
import type { Holding, PortfolioSummary, TransactionType } from '../domain/portfolio';
import type { TransactionDraft } from '../domain/portfolio/entry-rules';
import type { BandStats } from '../domain/valuation';
import type { DcfInput } from '../domain/dcf';

export interface PortfolioRef {
  id: string;
  name: string;
}

export interface HoldingRow extends Omit<Holding, 'portfolioId'> {
  name: string;
  /** IDX status badges (notation letters, "PPK", "Suspensi") and their meanings, docs/product.md §5.7. */
  flags?: { badges: string[]; text: string[] };
}

export interface HoldingsView {
  asOf: string;
  demo: boolean;
  portfolio: PortfolioRef | null;
  holdings: HoldingRow[];
  summary: PortfolioSummary;
}

/** One problem found in an import file; `line` is the file's line (1 = header), null for the whole file. */
export interface ImportProblem {
  line: number | null;
  column?: string;
  message: string;
  /** The row as written in the file (escaped and cut short: lib/row-quote.ts), when the problem has a line. */
  row?: string;
}

export interface PreviewRow extends TransactionDraft {
  line: number;
  /** The fee to store (computed when the file leaves it empty). */
  fee: number;
  feeComputed: boolean;
  value: number;
}

export interface ImportReport {
  ok: boolean;
  /** 200 imported / previewed / already imported; 400 bad rows; 404 unknown portfolio; 413 too many rows. */
  status: 200 | 400 | 404 | 413;
  message: string;
  portfolio: { id: string; name: string } | null;
  preview: boolean;
  alreadyImported: boolean;
  rows: number;
  imported: number;
  /** Rows per kind; the corporate-action kinds (docs/product.md §5.6) only when the file has them. */
  counts: { buy: number; sell: number; dividend: number } & Partial<Record<TransactionType, number>>;
  /** The first rows, as they would be stored. */
  sample: PreviewRow[];
  errors: ImportProblem[];
  errorCount: number;
  warnings: ImportProblem[];
  warningCount: number;
}

/** A lesson in a course's lesson list. */
export interface LessonItem {
  slug: string;
  title: string;
  duration: number;
  freePreview: boolean;
  /** The viewer may not read it (tier too low). */
  locked: boolean;
  /** What this viewer can open, beside the title (lessonNote). */
  note: 'pratinjau gratis' | 'perlu akun gratis' | 'terkunci' | null;
}

/** A valuation band (PER or PBV) over time and where today's value sits in it. */
export interface BandData {
  /** The ratio at the end of each week, rounded to 2 decimals, packed (`packSeries`, key `value`). */
  points: string;
  stats: BandStats | null;
}

/** The valuation island's data: both bands, the DCF calculator's defaults and where they come from. */
export interface ValuationView {
  close: number;
  per: BandData;
  pbv: BandData;
  dcf: DcfInput | null;
  /** `analis`: the analyst's assumptions; `data`: seeded from market data alone. */
  dcfSource: 'analis' | 'data';
  fairValue: number | null;
}

/** The course page's progress, rendered by its islands and taken over by `stores/course-progress`. */
export interface CourseProgressInit {
  courseId: string;
  /** Lesson slugs in course order. */
  lessons: string[];
  done: string[];
  lastOpened: string | null;
  /** An admin impersonating the member may look but not change the member's progress. */
  readOnly: boolean;
}

/** A target price on the price chart, dated. */
export interface TargetMark {
  date: string;
  price: number;
}

/** An analysis' target price on the chart, restated in today's share count. */
export interface ChartTarget extends TargetMark {
  rating: Rating;
}
