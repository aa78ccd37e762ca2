import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCatalog } from './catalog';

describe('content catalog for the jobs', () => {
  it('reads every analysis, course and lesson of the real content folder', async () => {
    const c = await loadCatalog('content');
    // Other branches add content, so the counts are lower bounds.
    expect(c.analyses.length).toBeGreaterThanOrEqual(19);
    expect(c.analyses.find((a) => a.id === 'BBCA/kinerja-kuartal-iii-2026')).toEqual({
      id: 'BBCA/kinerja-kuartal-iii-2026',
      ticker: 'BBCA',
      title: 'BBCA: Kuartal III/2026 stabil, dividen tetap menjadi daya tarik',
      date: '2026-10-26',
      tier: 'premium',
      summary: expect.stringContaining('Laba bersih 9M26'),
      path: '/analisis/BBCA/kinerja-kuartal-iii-2026',
      rating: 'beli',
      targetPrice: 10_400,
      fairValue: 10_450,
    });
    expect(c.analyses.filter((a) => a.ticker === null).map((a) => a.path)).toContain(
      '/analisis/non-emiten/emas-vs-saham-lindung-nilai',
    );
    expect(c.courses.map((x) => x.id)).toEqual(
      expect.arrayContaining(['dasar-investasi-saham', 'membaca-laporan-keuangan', 'valuasi-saham']),
    );
    expect(c.courses.every((x) => x.lessons.length >= 5)).toBe(true);
    expect(c.courses.find((x) => x.id === 'valuasi-saham')!.lessons[1]).toEqual({
      id: 'valuasi-saham/02-per-price-to-earnings-ratio',
      title: 'PER — Berapa Tahun Laba yang Anda Bayar',
    });
  });

  it('ignores files starting with an underscore and names the file of bad frontmatter', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'telaah-catalog-'));
    mkdirSync(path.join(dir, 'analisis', 'BBCA'), { recursive: true });
    writeFileSync(path.join(dir, 'analisis', 'BBCA', '_draft.mdx'), '---\ntitle: x\n---\n');
    expect((await loadCatalog(dir)).analyses).toEqual([]);
    writeFileSync(
      path.join(dir, 'analisis', 'BBCA', 'rusak.mdx'),
      '---\ntitle: Rusak\ndate: kemarin\ntier: premium\nsummary: s\n---\n',
    );
    await expect(loadCatalog(dir)).rejects.toThrow(/rusak\.mdx: frontmatter date: expected a YYYY-MM-DD date/);
  });
});
