import { describe, expect, it } from 'vitest';
import { pickAnswers, QUESTIONS, scoreAnswers, type Answers } from './risk-profile';

/** Answers choosing the option worth `points` on every question, with overrides. */
function all(points: 1 | 2 | 3, over: Record<string, string> = {}): Answers {
  return {
    ...Object.fromEntries(QUESTIONS.map((q) => [q.id, q.options.find((o) => o.points === points)!.id])),
    ...over,
  };
}

describe('scoreAnswers', () => {
  it('asks five to seven questions with three options each', () => {
    expect(QUESTIONS.length).toBeGreaterThanOrEqual(5);
    expect(QUESTIONS.length).toBeLessThanOrEqual(7);
    for (const q of QUESTIONS) expect(q.options.map((o) => o.points)).toEqual([1, 2, 3]);
  });

  it.each([
    ['all lowest', all(1), 6, 'konservatif'],
    ['all middle', all(2), 12, 'moderat'],
    ['all highest', all(3), 18, 'agresif'],
    ['10 points is still konservatif', all(2, { tujuan: 'jaga-nilai', jangka: 'kurang-3' }), 10, 'konservatif'],
    ['11 points is moderat', all(2, { tujuan: 'jaga-nilai' }), 11, 'moderat'],
    ['14 points is still moderat', all(2, { tujuan: 'maksimal', jangka: 'lebih-5' }), 14, 'moderat'],
    ['15 points is agresif', all(3, { tujuan: 'seimbang', jangka: '3-5', reaksi: 'tahan' }), 15, 'agresif'],
  ])('%s', (_name, answers, score, profile) => {
    expect(scoreAnswers(answers)).toEqual({ ok: true, score, profile, capped: false });
  });

  it('caps an aggressive total at moderat without an emergency fund or with a short horizon', () => {
    expect(scoreAnswers(all(3, { 'dana-darurat': 'belum' }))).toEqual({
      ok: true,
      score: 16,
      profile: 'moderat',
      capped: true,
    });
    expect(scoreAnswers(all(3, { jangka: 'kurang-3' }))).toEqual({
      ok: true,
      score: 16,
      profile: 'moderat',
      capped: true,
    });
  });

  it('names unanswered and wrongly answered questions', () => {
    const { tujuan: _, ...rest } = all(2);
    expect(scoreAnswers({ ...rest, reaksi: 'panik' })).toEqual({ ok: false, missing: ['tujuan', 'reaksi'] });
  });
});

describe('pickAnswers', () => {
  it('keeps only string answers to known questions', () => {
    expect(pickAnswers({ tujuan: 'seimbang', jangka: 3, lain: 'x' })).toEqual({ tujuan: 'seimbang' });
  });
});
