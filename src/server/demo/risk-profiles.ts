/**
 * Demo data: the demo Reguler member has taken the risk-profile questionnaire (a balanced, moderat
 * set of answers), so /starting-guide/rekomendasi-saya shows recommendations at once; the Premium
 * member has not, and meets the questionnaire first.
 */
import type { Db } from '../db/client';
import { saveRiskProfile } from '../services/risk-profile';

const DEMO_RISK_ANSWERS: Record<string, Record<string, string>> = {
  'reguler@telaah.test': {
    tujuan: 'seimbang',
    jangka: '3-5',
    pengalaman: '1-3',
    reaksi: 'tahan',
    penurunan: '25',
    'dana-darurat': '3-6',
  },
};

/** Stores the demo answers for the demo accounts that exist (`ids`: email → user id). */
export async function loadDemoRiskProfiles(db: Db, ids: ReadonlyMap<string, string>, at: Date): Promise<void> {
  for (const [email, answers] of Object.entries(DEMO_RISK_ANSWERS)) {
    const userId = ids.get(email);
    if (!userId) continue;
    const r = await saveRiskProfile(db, userId, answers, at);
    if (!r.ok) throw new Error(`Demo risk profile for ${email}: ${r.message}`);
  }
}
