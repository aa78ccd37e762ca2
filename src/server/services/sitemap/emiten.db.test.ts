import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../../tests/db';
import type { DbHandle } from '../../db/client';
import { importMarketCsv } from '../market-import';
import { emitenLastmods, emitenSitemapEtag } from './emiten';

describe('emiten part of the sitemap', () => {
  let h: DbHandle;
  beforeEach(async () => {
    h = await createTestDb();
  });
  afterEach(() => h.close());

  it('lists every ticker of the emiten table with its latest price date, and changes its ETag on import', async () => {
    const before = await emitenSitemapEtag(h.db);
    await importMarketCsv(
      h.db,
      'ticker,name,sector,sub_sector,board,listing_date,shares_outstanding\nTLHA,PT Telaah Uji Tbk,Keuangan,Bank,Utama,2020-01-02,1000000\nTLHB,PT Telaah Dua Tbk,Keuangan,Bank,Utama,2020-01-02,1000000\n',
      { today: '2026-11-21' },
    );
    await importMarketCsv(
      h.db,
      'date,ticker,open,high,low,close,volume\n2026-11-19,TLHA,100,110,95,105,1000\n2026-11-20,TLHA,105,112,100,110,2000\n',
      { today: '2026-11-21' },
    );
    expect(await emitenLastmods(h.db)).toEqual([
      { ticker: 'TLHA', lastmod: '2026-11-20' },
      { ticker: 'TLHB', lastmod: null },
    ]);
    expect(await emitenSitemapEtag(h.db)).not.toBe(before);
  });
});
