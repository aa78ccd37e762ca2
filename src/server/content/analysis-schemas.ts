/**
 * Frontmatter schemas of the analysis collections (docs/product.md §4), kept apart from content.config.ts so that
 * unit tests can check every rule without Astro. A mistake fails `astro sync/check/build` naming the
 * file and the field.
 */
import { z } from 'astro/zod';
import { TIERS } from '../../domain/tiers';
import { isStockCode, STOCK_CODE_RULE } from '../../domain/idx';

const text = z.string().trim().min(1);
const isoDate = z.coerce.date({ error: 'must be a date written as YYYY-MM-DD' });

export const analysisSchema = z
  .object({
    title: text,
    date: isoDate,
    author: text,
    // Only the format: whether the market data knows the ticker is checked at start-up and after
    // every import (a warning, never a failed build), since the data changes without a rebuild.
    emiten: z.string().refine(isStockCode, `ticker must be a stock code: ${STOCK_CODE_RULE}`),
    rating: z.enum(['beli', 'tahan', 'jual']),
    targetPrice: z.number().int().positive().optional(),
    fairValue: z.number().int().positive().optional(),
    horizon: z.number().int().min(1).max(60),
    tier: z.enum(TIERS),
    summary: text.max(400),
    /** Analyst's DCF assumptions, the defaults of the reader's calculator. */
    dcf: z
      .object({
        fcfPerShare: z.number().positive(),
        growth: z.number().min(-0.5).max(1),
        years: z.number().int().min(1).max(15),
        discountRate: z.number().min(0.01).max(0.5),
        terminalGrowth: z.number().min(-0.05).max(0.1),
      })
      .strict()
      .optional(),
  })
  .strict()
  .superRefine((a, ctx) => {
    if (a.rating === 'beli' && a.targetPrice === undefined) {
      ctx.addIssue({ code: 'custom', path: ['targetPrice'], message: 'a "beli" call needs a targetPrice' });
    }
    if (a.dcf && a.dcf.discountRate <= a.dcf.terminalGrowth) {
      ctx.addIssue({ code: 'custom', path: ['dcf', 'discountRate'], message: 'must exceed terminalGrowth' });
    }
  });

const NON_EMITEN_CATEGORIES = ['makro', 'sektor', 'ipo', 'obligasi', 'emas', 'reksa-dana', 'lainnya'] as const;

export const nonEmitenAnalysisSchema = z
  .object({
    title: text,
    date: isoDate,
    author: text,
    category: z.enum(NON_EMITEN_CATEGORIES),
    // docs/product.md §1/§3: every non-emiten analysis is premium content (teaser public).
    tier: z.literal('premium', { error: 'non-emiten analyses are premium content: tier must be "premium"' }),
    summary: text.max(400),
  })
  .strict();

/** What the teaser loader stores per analysis; see teaser-loader.ts. */
export const teaserSchema = z.object({
  sections: z.number().int().min(2, 'the body needs at least two "##" sections: the first one is the public teaser'),
  locked: z.array(z.string()).default([]),
});
