import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../../tests/db';
import type { DbHandle } from '../../db/client';
import { emitenLine, SYNTH_HEADERS, synthDays, synthEmiten } from '../../../../scripts/lib/market-synth';
import { importMarketCsv } from '../market-import';
import { emitenDirectory } from './emiten-directory';
import { analysesWithoutEmiten, analysisTickers } from './analysis-coverage';

const TODAY = '2026-11-23';

/** The emiten file `market:generate` writes for `n` emiten. */
function emitenCsv(n: number): string {
  const opts = { emiten: n, years: 1, end: '2026-11-20' };
  const list = synthEmiten(opts, synthDays(opts));
  return `${SYNTH_HEADERS.emiten}\n${list.map(emitenLine).join('\n')}\n`;
}

describe('emiten directory (search index, names, sectors)', () => {
  let h: DbHandle;
  beforeEach(async () => {
    h = await createTestDb();
  });
  afterEach(() => h.close());

  it('holds every emiten of the market data; 950 of them gzip to at most 25 KB', async () => {
    const csv = emitenCsv(950);
    expect((await importMarketCsv(h.db, csv, { today: TODAY })).inserted).toBe(950);
    const dir = await emitenDirectory(h.db);
    const tickers = csv
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => l.split(',')[0]);
    expect(dir.entries.map((e) => e.t)).toEqual([...tickers].sort());
    expect(JSON.parse(dir.json)).toEqual(dir.entries);
    expect(dir.gzip.length).toBeLessThanOrEqual(25 * 1024);
    expect(dir.sectors).toEqual([...new Set(dir.entries.map((e) => e.s))].sort((a, b) => a.localeCompare(b, 'id')));
  });

  it('keeps its copy and ETag until a market write changes the version', async () => {
    await importMarketCsv(h.db, emitenCsv(5), { today: TODAY });
    const first = await emitenDirectory(h.db);
    expect(await emitenDirectory(h.db)).toBe(first);
    // Same file again: nothing changes, the version stays, so does the ETag.
    await importMarketCsv(h.db, emitenCsv(5), { today: TODAY });
    expect((await emitenDirectory(h.db)).etag).toBe(first.etag);
    await importMarketCsv(h.db, emitenCsv(8), { today: TODAY });
    const later = await emitenDirectory(h.db);
    expect(later.entries).toHaveLength(8);
    expect(later.etag).not.toBe(first.etag);
  });

  it('offers only the companies still listed on the day: a delisted one stays for its page, an announced one carries its date', async () => {
    const csv =
      `${SYNTH_HEADERS.emiten},delisting_date\n` +
      'AAAA,PT Masih Tercatat Tbk,Keuangan,Bank,Utama,2000-01-03,1000,\n' +
      'APOL,PT Arpeni Pratama Ocean Line Tbk,Transportasi,Pelayaran,Utama,2005-06-22,1000,2020-04-06\n' +
      'BBBB,PT Akan Keluar Tbk,Energi,Batu Bara,Utama,2000-01-03,1000,2026-12-01\n';
    expect((await importMarketCsv(h.db, csv, { today: TODAY })).errors).toEqual([]);
    const dir = await emitenDirectory(h.db, TODAY);
    expect(dir.entries.map((e) => e.t)).toEqual(['AAAA', 'APOL', 'BBBB']);
    expect(dir.byTicker.get('APOL')?.d).toBe('2020-04-06');
    expect(dir.listed.map((e) => e.t)).toEqual(['AAAA', 'BBBB']);
    expect(JSON.parse(dir.json)).toEqual([
      expect.objectContaining({ t: 'AAAA' }),
      expect.objectContaining({ t: 'BBBB', d: '2026-12-01' }),
    ]);
    expect(dir.sectors).toEqual(['Energi', 'Keuangan']);
    // On the delisting day BBBB leaves the index too, with no market write in between.
    const later = await emitenDirectory(h.db, '2026-12-01');
    expect(later.listed.map((e) => e.t)).toEqual(['AAAA']);
    expect(later.etag).not.toBe(dir.etag);
  });

  it('names the analyses whose ticker the market data does not hold', async () => {
    const all = analysisTickers();
    expect(all.length).toBeGreaterThan(0);
    expect(await analysesWithoutEmiten(h.db)).toEqual(all);
    const ticker = all[0]!.ticker;
    const csv = `${SYNTH_HEADERS.emiten}\n${ticker},PT Contoh Tbk,Keuangan,Bank,Utama,2000-01-03,1000000\n`;
    await importMarketCsv(h.db, csv, { today: TODAY });
    expect(await analysesWithoutEmiten(h.db)).toEqual(all.filter((a) => a.ticker !== ticker));
  });
});
