import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isOnTick } from '../src/domain/idx';
import { MARKET_INDEXES } from '../src/domain/indexes';
import { validateCsv } from '../src/server/services/market-import';
import { generateMarket } from './market-generate';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'synth-'));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const opts = { emiten: 12, years: 2, end: '2026-11-20' };
const read = (dir: string, name: string) => readFileSync(path.join(dir, name), 'utf8');

describe('market:generate', () => {
  it('writes files that the import validates without errors, on the tick grid, marked synthetic', async () => {
    const dir = tempDir();
    const counts = await generateMarket(opts, dir);
    expect(counts).toMatchObject({ emiten: 12, prices: 12 * 2 * 262, indexes: 4 * 2 * 262 });
    const today = '2026-11-23';
    for (const [file, kind] of [
      ['emiten.csv', 'emiten'],
      ['prices.csv', 'prices'],
      ['indexes.csv', 'prices'],
      ['actions.csv', 'actions'],
      ['constituents.csv', 'constituents'],
    ] as const) {
      const v = validateCsv(read(dir, file), { today });
      expect(v.errors, file).toEqual([]);
      expect(v.kind).toBe(kind);
    }
    const prices = validateCsv(read(dir, 'prices.csv'), { today }).file;
    if (prices?.kind !== 'prices') throw new Error('not a price file');
    const offGrid = prices.stocks.filter((p) => ![p.open, p.high, p.low, p.close].every((x) => isOnTick(x)));
    expect(offGrid).toEqual([]);
    expect(new Set(prices.stocks.map((p) => p.date)).size).toBe(2 * 262);
    const emiten = validateCsv(read(dir, 'emiten.csv'), { today }).file;
    if (emiten?.kind !== 'emiten') throw new Error('not an emiten file');
    expect(emiten.emiten.every((e) => e.name.startsWith('PT Sintetis ') && e.subSector.startsWith('Sintetis'))).toBe(
      true,
    );
    const indexes = validateCsv(read(dir, 'indexes.csv'), { today }).file;
    if (indexes?.kind !== 'prices') throw new Error('not a price file');
    expect(new Set(indexes.indexes.map((i) => i.code))).toEqual(new Set(MARKET_INDEXES.map((i) => i.code)));
    // Twelve emiten fill LQ45 and IDX30 whole; JII takes those outside the financial sector.
    const members = validateCsv(read(dir, 'constituents.csv'), { today }).file;
    if (members?.kind !== 'constituents') throw new Error('not a constituents file');
    const lq45 = members.constituents.filter((c) => c.indexCode === 'LQ45');
    expect(lq45).toHaveLength(12);
    expect(new Set(lq45.map((c) => c.effectiveDate))).toEqual(new Set(['2026-11-02']));
    expect(members.constituents.filter((c) => c.indexCode === 'IDX30')).toHaveLength(12);
    const financial = new Set(emiten.emiten.filter((e) => e.sector === 'Keuangan').map((e) => e.ticker));
    const jii = members.constituents.filter((c) => c.indexCode === 'JII');
    expect(jii).toHaveLength(12 - financial.size);
    expect(jii.some((c) => financial.has(c.ticker))).toBe(false);
  });

  it('gives the same bytes for the same options', async () => {
    const a = tempDir();
    const b = tempDir();
    await generateMarket(opts, a);
    await generateMarket(opts, b);
    for (const f of ['emiten.csv', 'prices.csv', 'indexes.csv', 'actions.csv', 'constituents.csv'])
      expect(read(a, f)).toBe(read(b, f));
    await generateMarket({ ...opts, end: '2026-11-19' }, b);
    expect(read(a, 'prices.csv')).not.toBe(read(b, 'prices.csv'));
  });
});
