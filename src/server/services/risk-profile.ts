/**
 * The member's stored risk profile: saving a completed questionnaire (retaking replaces it) and
 * reading it back.
 */
import { eq } from 'drizzle-orm';
import { QUESTIONS, scoreAnswers, type Answers, type RiskProfile } from '../../domain/risk-profile';
import type { Db } from '../db/client';
import { riskProfiles } from '../db/schema';

export interface StoredRiskProfile {
  profile: RiskProfile;
  score: number;
  answers: Record<string, string>;
  takenAt: Date;
}

export type SaveResult =
  | { ok: true; saved: StoredRiskProfile; capped: boolean }
  | { ok: false; status: 400; message: string; fields: Record<string, string> };

/** Scores and stores the answers; incomplete answers write nothing and name every missing question. */
export async function saveRiskProfile(db: Db, userId: string, answers: Answers, at: Date): Promise<SaveResult> {
  const result = scoreAnswers(answers);
  if (!result.ok) {
    const fields = Object.fromEntries(result.missing.map((id) => [id, 'Pilih salah satu jawaban.']));
    const numbers = result.missing.map((id) => String(QUESTIONS.findIndex((q) => q.id === id) + 1));
    const list = numbers.length > 1 ? `${numbers.slice(0, -1).join(', ')} dan ${numbers.at(-1)}` : numbers[0];
    return { ok: false, status: 400, message: `Pertanyaan nomor ${list} belum dijawab.`, fields };
  }
  const kept = Object.fromEntries(QUESTIONS.map((q) => [q.id, answers[q.id]!]));
  const row = { userId, profile: result.profile, score: result.score, answers: kept, takenAt: at };
  await db
    .insert(riskProfiles)
    .values(row)
    .onConflictDoUpdate({
      target: riskProfiles.userId,
      set: { profile: row.profile, score: row.score, answers: kept, takenAt: at },
    });
  return { ok: true, saved: row, capped: result.capped };
}

/** The member's latest questionnaire, or null before they take it. */
export async function findRiskProfile(db: Db, userId: string): Promise<StoredRiskProfile | null> {
  const [row] = await db.select().from(riskProfiles).where(eq(riskProfiles.userId, userId)).limit(1);
  if (!row) return null;
  return { profile: row.profile, score: row.score, answers: row.answers, takenAt: row.takenAt };
}
