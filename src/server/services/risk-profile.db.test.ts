import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../tests/db';
import { createUser } from '../../../tests/factories/users';
import { QUESTIONS } from '../../domain/risk-profile';
import type { DbHandle } from '../db/client';
import { findRiskProfile, saveRiskProfile } from './risk-profile';

const answersWorth = (points: 1 | 2 | 3) =>
  Object.fromEntries(QUESTIONS.map((q) => [q.id, q.options.find((o) => o.points === points)!.id]));

describe('risk profile', () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await createTestDb();
  });
  afterAll(() => h.close());

  it('stores the questionnaire and replaces it when retaken', async () => {
    const u = await createUser(h.db);
    expect(await findRiskProfile(h.db, u.id)).toBeNull();
    const first = await saveRiskProfile(h.db, u.id, answersWorth(1), new Date('2026-11-01T00:00:00Z'));
    expect(first).toMatchObject({ ok: true, saved: { profile: 'konservatif', score: 6 } });
    await saveRiskProfile(h.db, u.id, { ...answersWorth(3), extra: 'x' }, new Date('2026-11-20T00:00:00Z'));
    expect(await findRiskProfile(h.db, u.id)).toEqual({
      profile: 'agresif',
      score: 18,
      answers: answersWorth(3),
      takenAt: new Date('2026-11-20T00:00:00Z'),
    });
  });

  it('writes nothing for incomplete answers and names the questions by number', async () => {
    const u = await createUser(h.db);
    const { tujuan: _, ...rest } = answersWorth(2);
    const r = await saveRiskProfile(h.db, u.id, { ...rest, penurunan: 'semua' }, new Date());
    expect(r).toEqual({
      ok: false,
      status: 400,
      message: 'Pertanyaan nomor 1 dan 5 belum dijawab.',
      fields: { tujuan: 'Pilih salah satu jawaban.', penurunan: 'Pilih salah satu jawaban.' },
    });
    expect(await findRiskProfile(h.db, u.id)).toBeNull();
  });
});
