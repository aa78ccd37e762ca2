import { describe, expect, it } from 'vitest';
import { factorBetween, shareChanges, splitAdjustedCloses } from './share-changes';
import type { CorporateAction } from './types';

const actions: CorporateAction[] = [
  { ticker: 'BBCA', type: 'split', cumDate: '2021-10-12', exDate: '2021-10-13', ratioFrom: 1, ratioTo: 5 },
  { ticker: 'BBCA', type: 'dividend', cumDate: '2021-11-24', exDate: '2021-11-25', amount: 47.5 },
  { ticker: 'BBCA', type: 'bonus', cumDate: '2022-01-04', exDate: '2022-01-05', ratioFrom: 10, ratioTo: 1 },
  { ticker: 'BBRI', type: 'reverse_split', cumDate: '2021-01-04', exDate: '2021-01-05', ratioFrom: 10, ratioTo: 1 },
  { ticker: 'BBCA', type: 'split', cumDate: '2020-01-01', exDate: '2020-01-02', ratioFrom: 0, ratioTo: 2 },
];

describe('share changes of a holding', () => {
  it('keeps the ticker’s splits, reverse splits and bonuses with a usable ratio, by date', () => {
    expect(shareChanges(actions, 'BBCA').map((c) => [c.date, c.type, c.factor])).toEqual([
      ['2021-10-13', 'split', 5],
      // 10 held : 1 new → 11 for 10.
      ['2022-01-05', 'bonus', 1.1],
    ]);
    expect(shareChanges(actions, 'BBRI').map((c) => c.factor)).toEqual([0.1]);
  });

  it('restates closes in the share count of the last one, as the emiten page does (by hand)', () => {
    const changes = shareChanges(actions, 'BBCA');
    const adjusted = splitAdjustedCloses(
      [
        { date: '2021-10-12', close: 36_600 },
        { date: '2021-10-13', close: 7_550 },
        { date: '2022-01-04', close: 7_700 },
        { date: '2022-01-05', close: 7_000 },
      ],
      changes,
    );
    // 36 600 / (5 × 1,1) = 6 654,5…; 7 550 / 1,1 = 6 863,6…; 7 700 / 1,1 = 7 000.
    expect(adjusted.map((c) => c.close)).toEqual([36_600 / 5.5, 7_550 / 1.1, 7_700 / 1.1, 7_000]);
    expect(factorBetween(changes, '2021-10-12', '2021-12-31')).toBe(5);
    expect(factorBetween(changes, '2021-10-13', '2021-12-31')).toBe(1);
  });
});
