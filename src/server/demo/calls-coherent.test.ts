/**
 * Demo prices and the analysts' demo calls must tell one story: on the demo "today" a Beli call's
 * target sits above the last close, a Jual call's below it; and the fundamentals behind the emiten page
 * (EPS, ROE) are the ones every analysis reports for its actual years.
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

/** Every demo analysis' indicator table: the actual ("2025A") years' EPS, ROE and dividend per share. */
function reportedActuals(): { file: string; ticker: string; year: number; eps?: number; roe?: number; dps?: number }[] {
  const num = (cell: string) => Number(cell.trim().replace(/\./g, '').replace(',', '.'));
  return readdirSync(CONTENT, { withFileTypes: true })
    .filter((d) => d.isDirectory() && isStockCode(d.name))
    .flatMap((d) =>
      readdirSync(path.join(CONTENT, d.name))
        .filter((f) => f.endsWith('.mdx') && !f.startsWith('_'))
        .flatMap((f) => {
          const lines = readFileSync(path.join(CONTENT, d.name, f), 'utf8').split('\n');
          const cells = (l: string) => l.split('|').slice(1, -1);
          const head = lines.find((l) => /^\|\s*Indikator/.test(l));
          if (!head) return [];
          const row = (name: RegExp) => {
            const l = lines.find((x) => name.test(x));
            return l ? cells(l).slice(1) : undefined;
          };
          const eps = row(/^\|\s*EPS \(Rp\)/);
          const roe = row(/^\|\s*ROE \(%\)/);
          const dps = row(/^\|\s*Dividen per saham \(Rp\)/);
          return cells(head)
            .slice(1)
            .flatMap((h, i) => {
              const year = /^(\d{4})A$/.exec(h.trim())?.[1];
              if (!year) return [];
              return [
                {
                  file: `${d.name}/${f}`,
                  ticker: d.name,
                  year: Number(year),
                  eps: eps ? num(eps[i]!) : undefined,
                  roe: roe ? num(roe[i]!) / 100 : undefined,
                  dps: dps ? num(dps[i]!) : undefined,
                },
              ];
            });
        }),
    );
}

describe('demo fundamentals and the demo analyses', () => {
  it('report the same EPS and ROE for every actual year an analysis quotes', () => {
    const market = generateDemoMarket(TODAY);
    const actuals = reportedActuals();
    expect(actuals.filter((a) => a.eps !== undefined).length).toBeGreaterThan(10);
    const wrong = actuals.flatMap((a) => {
      const quarters = market.fundamentals.filter((f) => f.ticker === a.ticker && f.periodEnd.startsWith(`${a.year}-`));
      // A year the demo data holds only in part (its window starts mid-year) cannot be compared.
      if (quarters.length < 4) return [];
      const eps = quarters.reduce((sum, f) => sum + Number(f.eps), 0);
      const netIncome = quarters.reduce((sum, f) => sum + f.netIncome!, 0);
      const roe = netIncome / quarters.at(-1)!.equity!;
      const out: string[] = [];
      if (a.eps !== undefined && Math.abs(eps / a.eps - 1) > 0.02)
        out.push(`${a.file} ${a.year}: EPS ${a.eps}, demo ${eps.toFixed(0)}`);
      if (a.roe !== undefined && Math.abs(roe - a.roe) > 0.005)
        out.push(`${a.file} ${a.year}: ROE ${a.roe}, demo ${roe.toFixed(3)}`);
      return out;
    });
    expect(wrong).toEqual([]);
  });
});

describe('demo dividends and the demo analyses', () => {
  // An actual year's dividend per share is what the emiten page lists for that year: every cash
  // dividend whose cum date falls in it (the notes read "Dividen tunai final 2025" and so on). The
  // analyses quote no yield for an actual year (only forecast yields at their target price), so the
  // dividend per share is what can be compared. Tolerance: 2 % or Rp 1, whichever is larger
  // (amounts below Rp 100 are announced in halves of a Rupiah).
  it('report the dividend per share the demo data pays in every actual year an analysis quotes', () => {
    const market = generateDemoMarket(TODAY);
    const actuals = reportedActuals().filter((a) => a.dps !== undefined);
    expect(actuals.length).toBeGreaterThan(8);
    const wrong = actuals.flatMap((a) => {
      const first = market.prices.find((p) => p.ticker === a.ticker)!.date;
      // A year the demo prices cover only in part may miss dividends paid before the window starts.
      if (first > `${a.year}-01-01`) return [];
      const paid = market.actions
        .filter((x) => x.ticker === a.ticker && x.type === 'dividend' && x.cumDate.startsWith(`${a.year}-`))
        .reduce((sum, x) => sum + Number(x.amount), 0);
      return Math.abs(paid - a.dps!) > Math.max(1, paid * 0.02)
        ? [`${a.file} ${a.year}: DPS ${a.dps}, demo ${paid}`]
        : [];
    });
    expect(wrong).toEqual([]);
  });
});
