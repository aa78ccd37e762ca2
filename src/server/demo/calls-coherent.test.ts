/**
 * Demo prices and the analysts' demo calls must tell one story: on the demo "today" a Beli call's
 * target sits above the last close, a Jual call's below it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateDemoMarket } from './generate';
import { isStockCode } from '../../domain/idx';

const CONTENT = path.resolve(import.meta.dirname, '../../../content/analisis');
/** The demo "today" of the e2e suite and of `npm start` screenshots. */
const TODAY = '2026-11-20';

function latestCalls(): { ticker: string; rating: string; target: number }[] {
  return readdirSync(CONTENT, { withFileTypes: true })
    .filter((d) => d.isDirectory() && isStockCode(d.name))
    .flatMap((d) => {
      const calls = readdirSync(path.join(CONTENT, d.name))
        .filter((f) => f.endsWith('.mdx') && !f.startsWith('_'))
        .map((f) => readFileSync(path.join(CONTENT, d.name, f), 'utf8'))
        .map((text) => ({
          date: /^date:\s*(\S+)/m.exec(text)?.[1] ?? '',
          rating: /^rating:\s*(\w+)/m.exec(text)?.[1] ?? '',
          target: Number(/^targetPrice:\s*(\d+)/m.exec(text)?.[1] ?? NaN),
        }))
        .filter((c) => c.date <= TODAY)
        .sort((a, b) => a.date.localeCompare(b.date));
      const last = calls.at(-1);
      return last && Number.isFinite(last.target) ? [{ ticker: d.name, rating: last.rating, target: last.target }] : [];
    });
}

describe('demo prices and demo calls', () => {
  it('put every Beli target above and every Jual target below the last close', () => {
    const market = generateDemoMarket(TODAY);
    const calls = latestCalls();
    expect(calls.length).toBeGreaterThan(5);
    const wrong = calls.flatMap((c) => {
      const close = market.prices.filter((p) => p.ticker === c.ticker && p.date <= TODAY).at(-1)!.close;
      const upside = c.target / close - 1;
      const bad = (c.rating === 'beli' && upside <= 0) || (c.rating === 'jual' && upside >= 0);
      return bad ? [`${c.ticker} ${c.rating} target ${c.target} close ${close} (${(upside * 100).toFixed(1)} %)`] : [];
    });
    expect(wrong).toEqual([]);
  });
});
