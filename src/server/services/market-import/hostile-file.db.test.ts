/**
 * Hostile market files given to `market:import` (importMarketFile): an endless line fails at once and
 * within bounded memory, a control character is named by line and column (never a raw database
 * error), and a company name a spreadsheet would run as a formula is refused.
 */
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../../tests/db';
import type { DbHandle } from '../../db/client';
import { emiten } from '../../db/schema';
import { importMarketFile } from '.';
import { MAX_FILE_BYTES } from '../../csv/text-rules';

const EMITEN_HEADER = 'ticker,name,sector,sub_sector,board,listing_date,shares_outstanding';
const TODAY = '2026-11-20';

let dir: string;
let h: DbHandle;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'telaah-hostile-import-'));
  h = await createTestDb();
});
afterAll(async () => {
  await h.close();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * `head`, then `bytes` of NUL with no line break: a sparse file, so even a very large one costs neither
 * disk nor time to make. A reader that does not stop early spends seconds and gigabytes on it.
 */
function bigFile(name: string, head: string, bytes: number): string {
  const file = path.join(dir, name);
  writeFileSync(file, head);
  truncateSync(file, head.length + bytes);
  return file;
}

describe('hostile market files', () => {
  it.each([
    ['a header with no line break', '', 1024],
    ['a price file with one endless line', 'date,ticker,open,high,low,close,volume\n', 1024],
    ['an emiten file with one endless line', `${EMITEN_HEADER}\n`, 4],
  ])('refuses %s at once, naming the line', async (_name, head, mib) => {
    const file = bigFile(`long-${head.length}.csv`, head, mib * 1024 * 1024);
    const started = performance.now();
    const r = await importMarketFile(h.db, file, { today: TODAY });
    // Reading 1 GiB would take far longer (and as much memory): the import stopped after one line's worth.
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(r.errors).toEqual([
      { line: head ? 2 : 1, message: expect.stringContaining('baris lebih panjang dari 16.384 karakter') },
    ]);
    expect(r.inserted).toBe(0);
  });

  it('names the line and column of a NUL in a company name and writes nothing', async () => {
    const file = path.join(dir, 'nul.csv');
    writeFileSync(file, `${EMITEN_HEADER}\nNULL,Nul\u0000 Tbk,Keuangan,Bank,Utama,2010-01-04,1000\n`);
    const r = await importMarketFile(h.db, file, { today: TODAY });
    expect(r.errors).toEqual([
      { line: 2, column: 'name', message: 'berisi karakter kontrol U+0000 pada karakter ke-4' },
    ]);
    expect(await h.db.select().from(emiten)).toEqual([]);
  });

  it.each(['=HYPERLINK("http://evil.example","x")', '+1', '-1+1', '@SUM(A1)'])(
    'refuses the company name %s',
    async (name) => {
      const file = path.join(dir, 'formula.csv');
      writeFileSync(
        file,
        `${EMITEN_HEADER}\nEVIL,"${name.replaceAll('"', '""')}",Keuangan,Bank,Utama,2010-01-04,1000\n`,
      );
      const r = await importMarketFile(h.db, file, { today: TODAY });
      expect(r.errors).toEqual([{ line: 2, column: 'name', message: expect.stringContaining('rumus') }]);
      expect(await h.db.select().from(emiten)).toEqual([]);
    },
  );

  it('refuses a non-price file over the size cap before reading it', async () => {
    const file = path.join(dir, 'huge-emiten.csv');
    writeFileSync(file, `${EMITEN_HEADER}\n`);
    truncateSync(file, MAX_FILE_BYTES + 1);
    const r = await importMarketFile(h.db, file, { today: TODAY });
    expect(r.errors).toEqual([{ line: 1, message: expect.stringContaining('berkas lebih besar dari 10 MB') }]);
  });
});
