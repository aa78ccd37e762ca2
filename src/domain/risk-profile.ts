/**
 * The risk-profile questionnaire (docs/product.md §3, /starting-guide/rekomendasi-saya): six questions, each
 * answer worth 1–3 points, the total mapped to konservatif / moderat / agresif. Pure; the page shows
 * these questions and rules exactly as written here.
 */
export const RISK_PROFILES = ['konservatif', 'moderat', 'agresif'] as const;
export type RiskProfile = (typeof RISK_PROFILES)[number];

export const PROFILE_SUMMARY: Record<RiskProfile, string> = {
  konservatif:
    'Anda mengutamakan nilai yang stabil. Cocok dengan saham besar yang pergerakannya tenang dan labanya konsisten.',
  moderat:
    'Anda menerima naik-turun yang wajar demi pertumbuhan. Cocok dengan saham besar dan menengah yang labanya positif.',
  agresif:
    'Anda mengejar pertumbuhan dan sanggup menahan penurunan tajam. Semua rekomendasi Beli terbuka untuk Anda, dengan porsi per saham yang tetap terjaga.',
};

export interface Option {
  id: string;
  label: string;
  points: 1 | 2 | 3;
}

export interface Question {
  id: string;
  text: string;
  options: readonly Option[];
}

type Answer = [id: string, label: string];

/** A question's three answers, from the least risk taken (1 point) to the most (3 points). */
const ladder = (...answers: [Answer, Answer, Answer]): Option[] =>
  answers.map(([id, label], i) => ({ id, label, points: (i + 1) as Option['points'] }));

export const QUESTIONS: readonly Question[] = [
  {
    id: 'tujuan',
    text: 'Apa tujuan utama Anda berinvestasi saham?',
    options: ladder(
      ['jaga-nilai', 'Menjaga nilai uang dari inflasi, dengan naik-turun sekecil mungkin'],
      ['seimbang', 'Pertumbuhan yang seimbang: nilai bertambah, naik-turunnya masih wajar'],
      ['maksimal', 'Pertumbuhan setinggi mungkin, walau nilainya bisa turun tajam'],
    ),
  },
  {
    id: 'jangka',
    text: 'Berapa lama dana ini bisa Anda biarkan di saham tanpa dipakai?',
    options: ladder(
      ['kurang-3', 'Kurang dari 3 tahun'],
      ['3-5', '3 sampai 5 tahun'],
      ['lebih-5', 'Lebih dari 5 tahun'],
    ),
  },
  {
    id: 'pengalaman',
    text: 'Sudah berapa lama Anda berinvestasi saham?',
    options: ladder(
      ['baru', 'Belum pernah, atau kurang dari 1 tahun'],
      ['1-3', '1 sampai 3 tahun'],
      ['lebih-3', 'Lebih dari 3 tahun, termasuk melewati penurunan pasar yang besar'],
    ),
  },
  {
    id: 'reaksi',
    text: 'Nilai portofolio Anda turun 20 % dalam sebulan. Apa yang paling mungkin Anda lakukan?',
    options: ladder(
      ['jual', 'Menjual sebagian besar agar kerugian tidak bertambah'],
      ['tahan', 'Menahan dan memeriksa kembali alasan saya membeli'],
      ['tambah', 'Menambah pembelian selagi harganya lebih murah'],
    ),
  },
  {
    id: 'penurunan',
    text: 'Berapa penurunan nilai terbesar dalam setahun yang masih bisa Anda terima?',
    options: ladder(['10', 'Sampai 10 %'], ['25', 'Sampai 25 %'], ['lebih-25', 'Lebih dari 25 %']),
  },
  {
    id: 'dana-darurat',
    text: 'Apakah Anda punya dana darurat di luar dana investasi ini?',
    options: ladder(
      ['belum', 'Belum ada'],
      ['3-6', 'Ada, cukup untuk 3–6 bulan pengeluaran'],
      ['lebih-6', 'Ada, lebih dari 6 bulan pengeluaran'],
    ),
  },
];

/** Question id → option id. */
export type Answers = Readonly<Record<string, string>>;

/** Highest total that is still konservatif, and highest that is still moderat (6–18 points in all). */
export const SCORE_BANDS = { konservatifMax: 10, moderatMax: 14 } as const;

/** Answers that cap the profile at moderat whatever the total: money needed soon, or no safety net. */
export const MODERAT_CAPS: readonly { question: string; option: string }[] = [
  { question: 'jangka', option: 'kurang-3' },
  { question: 'dana-darurat', option: 'belum' },
];

export type ScoreResult =
  { ok: true; score: number; profile: RiskProfile; capped: boolean } | { ok: false; missing: string[] };

/**
 * Scores a complete set of answers. Every question needs one of its own options; unknown question ids
 * are ignored. Returns the ids of unanswered (or wrongly answered) questions otherwise.
 */
export function scoreAnswers(answers: Answers): ScoreResult {
  let score = 0;
  const missing: string[] = [];
  for (const q of QUESTIONS) {
    const option = q.options.find((o) => o.id === answers[q.id]);
    if (option) score += option.points;
    else missing.push(q.id);
  }
  if (missing.length > 0) return { ok: false, missing };
  const byScore: RiskProfile =
    score <= SCORE_BANDS.konservatifMax ? 'konservatif' : score <= SCORE_BANDS.moderatMax ? 'moderat' : 'agresif';
  const capped = byScore === 'agresif' && MODERAT_CAPS.some((c) => answers[c.question] === c.option);
  return { ok: true, score, profile: capped ? 'moderat' : byScore, capped };
}

/** Keeps only the questionnaire's own fields from a form or JSON body (`{ tujuan: 'seimbang', … }`). */
export function pickAnswers(raw: Readonly<Record<string, unknown>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const q of QUESTIONS) {
    const v = raw[q.id];
    if (typeof v === 'string') out[q.id] = v;
  }
  return out;
}
