import { describe, expect, it } from 'vitest';
import { flagBadges, flagLines, hasFlags, normaliseNotations, notationMeaning, statusKey, suspension } from './status';
import { companyOf, isHoldableCode, isRightsCode, isStockCode, isWarrantCode } from './codes';
import { exerciseCash, sharesFromWarrants } from './warrants';

describe('suspension', () => {
  const days = ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06'];
  it('is derived after five trading days without a trade while others trade', () => {
    expect(suspension({ flagged: false, lastTradeDate: '2026-02-27', marketDaysAfter: days })).toBe('derived');
    expect(suspension({ flagged: false, lastTradeDate: '2026-02-27', marketDaysAfter: days.slice(0, 4) })).toBeNull();
  });
  it('follows the data flag first', () => {
    expect(suspension({ flagged: true, lastTradeDate: '2026-03-06', marketDaysAfter: [] })).toBe('data');
  });
  it('never derives it for a stock that never traded', () => {
    expect(suspension({ flagged: false, lastTradeDate: null, marketDaysAfter: days })).toBeNull();
  });
});

describe('notations', () => {
  it('normalises letters', () => {
    expect(normaliseNotations('e, b')).toBe('BE');
    expect(normaliseNotations('EE')).toBe('E');
    expect(normaliseNotations('')).toBe('');
    expect(normaliseNotations('E1')).toBeNull();
  });
  it('gives Indonesian meanings, and says so when a letter is not confirmed', () => {
    expect(notationMeaning('E')).toBe('Laporan keuangan terakhir menunjukkan ekuitas negatif');
    // Katadata, 7 June 2023, quoting IDX: GOTO carries K, BUKA carries I.
    expect(notationMeaning('K')).toBe('Tercatat di Papan Ekonomi Baru, dengan saham dengan hak suara multipel');
    expect(notationMeaning('I')).toBe('Tercatat di Papan Ekonomi Baru, tanpa saham dengan hak suara multipel');
    expect(notationMeaning('N')).toMatch(/belum terkonfirmasi/);
  });
  it('reads X as the special monitoring board (Bisnis.com, 18 February 2024), with its trading rules once', () => {
    expect(notationMeaning('X')).toBe('Dicatatkan di Papan Pemantauan Khusus');
    // GIAA in January 2023: E and X, board as the emiten file gives it.
    const giaa = { notations: 'EX', board: 'Utama', suspended: null };
    expect(hasFlags(giaa)).toBe(true);
    expect(flagBadges(giaa)).toEqual(['E', 'X']);
    expect(flagLines(giaa)).toEqual([
      'Notasi E: Laporan keuangan terakhir menunjukkan ekuitas negatif.',
      'Notasi X: Dicatatkan di Papan Pemantauan Khusus.',
      expect.stringMatching(/^Papan Pemantauan Khusus: .*full call auction/),
    ]);
    // Both the board and the letter: one badge, one line of rules.
    const both = { notations: 'X', board: 'Pemantauan Khusus', suspended: null };
    expect(flagBadges(both)).toEqual(['X']);
    expect(flagLines(both).filter((l) => l.startsWith('Papan Pemantauan Khusus'))).toHaveLength(1);
    expect(flagBadges({ notations: '', board: 'Pemantauan Khusus', suspended: null })).toEqual(['PPK']);
  });
  it('lists every flag', () => {
    const f = { notations: 'E', board: 'Pemantauan Khusus', suspended: 'derived' as const };
    expect(hasFlags(f)).toBe(true);
    const lines = flagLines(f);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/full call auction/);
    expect(hasFlags({ notations: '', board: 'Utama', suspended: null })).toBe(false);
  });
  it('keys a status so that a change is seen', () => {
    expect(statusKey('E', 'Utama', false)).not.toBe(statusKey('E', 'Pemantauan Khusus', false));
    expect(statusKey('E', 'Utama', false)).toBe(statusKey('E', 'Pengembangan', false));
  });
});

describe('codes', () => {
  it.each([
    ['BBCA', true, false, false],
    ['MAMIP', true, false, false],
    ['JAYA-W', false, true, false],
    ['ABCD-W2', false, true, false],
    ['BBTN-R', false, false, true],
    ['BBC', false, false, false],
  ])('%s', (code, stock, warrant, rights) => {
    expect(isStockCode(code)).toBe(stock);
    expect(isWarrantCode(code)).toBe(warrant);
    expect(isRightsCode(code)).toBe(rights);
    expect(isHoldableCode(code)).toBe(stock || warrant);
  });
  it('finds the company', () => {
    expect(companyOf('JAYA-W')).toBe('JAYA');
    expect(companyOf('BBCA')).toBe('BBCA');
  });
  it('converts warrants', () => {
    expect(sharesFromWarrants(500, { ratioWarrants: 1, ratioShares: 1 })).toBe(500);
    expect(sharesFromWarrants(5, { ratioWarrants: 2, ratioShares: 1 })).toBe(2);
    expect(exerciseCash(500, 400)).toBe(200_000);
  });
});
