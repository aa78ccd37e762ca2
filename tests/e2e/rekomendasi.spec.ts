import { axe } from './axe';
import type { Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DEMO, expect, freshMember, signInByPost, test } from './fixtures';

const PAGE = '/starting-guide/rekomendasi-saya';
const questions = (page: Page) => page.locator('form.questionnaire fieldset');

const TIER_RANK: Record<string, number> = { gratis: 0, reguler: 1, premium: 2 };

/**
 * The current call per ticker (its latest analysis), read from the demo content: those whose tier the
 * viewer's reaches, as a call's target and upside are behind its tier.
 */
function currentCalls(viewerTier: 'reguler' | 'premium'): Map<string, string> {
  const dir = path.resolve('content/analisis');
  const latest = new Map<string, { date: string; rating: string; tier: string }>();
  for (const ticker of readdirSync(dir)) {
    for (const file of readdirSync(path.join(dir, ticker)).filter((f) => f.endsWith('.mdx') && !f.startsWith('_'))) {
      const text = readFileSync(path.join(dir, ticker, file), 'utf8');
      const date = text.match(/^date:\s*(\S+)/m)![1]!;
      const rating = text.match(/^rating:\s*(\w+)/m)![1]!;
      const tier = text.match(/^tier:\s*(\w+)/m)![1]!;
      if ((latest.get(ticker)?.date ?? '') < date) latest.set(ticker, { date, rating, tier });
    }
  }
  const visible = [...latest].filter(([, c]) => TIER_RANK[c.tier]! <= TIER_RANK[viewerTier]!);
  return new Map(visible.map(([t, c]) => [t, c.rating]));
}

interface Row {
  ticker: string;
  upside: number;
  risk: string;
  held: string;
}

async function rows(page: Page): Promise<Row[]> {
  return page.getByTestId('rec-row').evaluateAll((els) =>
    els.map((el) => ({
      ticker: el.getAttribute('data-ticker')!,
      upside: Number(el.getAttribute('data-upside')),
      risk: el.getAttribute('data-risk')!,
      held: el.querySelector('[data-testid="rec-held"]')?.textContent?.trim() ?? '',
    })),
  );
}

async function expectAxeClean(page: Page) {
  const results = await axe(page).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Checks a recommendation list against the content's current calls and the allowed risk classes. */
async function expectConsistent(
  page: Page,
  allowed: string[],
  viewerTier: 'reguler' | 'premium' = 'reguler',
): Promise<Row[]> {
  const calls = currentCalls(viewerTier);
  const listed = await rows(page);
  expect(listed.length).toBeGreaterThan(0);
  for (const r of listed) {
    expect(calls.get(r.ticker), `${r.ticker}: its latest analysis is a Beli call`).toBe('beli');
    expect(allowed, `${r.ticker} risk class`).toContain(r.risk);
    expect(r.upside).toBeGreaterThan(0);
    expect(r.held).toMatch(/^(Belum ada di portofolio Anda\.|Sudah Anda pegang: [\d.]+ lot.*, bobot \d+,\d %\.)/);
  }
  expect(listed.map((r) => r.upside)).toEqual([...listed.map((r) => r.upside)].sort((a, b) => b - a));
  // Every other current Beli call is accounted for in the "not matching" list, with a reason.
  const skipped = await page
    .getByTestId('skipped')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-ticker')!));
  const beli = [...calls].filter(([, rating]) => rating === 'beli').map(([t]) => t);
  expect([...listed.map((r) => r.ticker), ...skipped].sort()).toEqual(beli.sort());
  // Warnings only for held stocks whose current call is Jual.
  for (const t of await page
    .getByTestId('sell-warning')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-ticker')!))) {
    expect(calls.get(t)).toBe('jual');
  }
  return listed;
}

test('anggota reguler melihat rekomendasi Beli yang sesuai profil dan portofolionya', async ({ page }) => {
  await signInByPost(page, DEMO.reguler);
  await page.goto(PAGE);
  await expect(page.getByTestId('risk-profile')).toHaveAttribute('data-profile', 'moderat');
  await expect(page.getByRole('heading', { name: 'Profil risiko Anda: Moderat' })).toBeVisible();
  const moderat = await expectConsistent(page, ['rendah', 'sedang']);
  // Demo content: GOTO's latest call is Tahan, UNVR's and PTBA's are Jual: never recommended.
  expect(moderat.map((r) => r.ticker).filter((t) => ['GOTO', 'UNVR', 'PTBA'].includes(t))).toEqual([]);
  // The demo member holds stocks: at least one recommendation says how much of it they hold.
  expect(moderat.some((r) => r.held.startsWith('Sudah Anda pegang'))).toBe(true);
  await page.locator('#aturan summary').click();
  await expect(page.getByText(/volatilitas harga setahun paling tinggi 25,0 %/)).toBeVisible();
  await expectAxeClean(page);
});

test('anggota reguler baru mengisi kuesioner, lalu mengulangnya dengan profil yang lebih hati-hati', async ({
  page,
}) => {
  await freshMember(page, { tier: 'reguler' });
  await page.goto(PAGE);
  await expect(page.getByRole('heading', { name: 'Kuesioner profil risiko' })).toBeVisible();
  for (const q of await questions(page).all()) await q.getByRole('radio').nth(1).check();
  await page.getByRole('button', { name: 'Lihat profil risiko saya' }).click();
  await expect(page.getByRole('heading', { name: 'Profil risiko Anda: Moderat' })).toBeVisible();
  const moderat = await expectConsistent(page, ['rendah', 'sedang']);
  expect(moderat.every((r) => r.held === 'Belum ada di portofolio Anda.')).toBe(true);

  await page.getByRole('link', { name: 'Ulangi kuesioner' }).click();
  for (const [question, answer] of [
    ['Apa tujuan utama Anda berinvestasi saham?', 'Menjaga nilai uang dari inflasi'],
    ['Berapa lama dana ini bisa Anda biarkan', 'Kurang dari 3 tahun'],
    ['Sudah berapa lama Anda berinvestasi saham?', 'Belum pernah'],
    ['turun 20 % dalam sebulan', 'Menjual sebagian besar'],
    ['penurunan nilai terbesar', 'Sampai 10 %'],
  ] as const) {
    await questions(page).filter({ hasText: question }).getByLabel(new RegExp(answer)).check();
  }
  await page.getByRole('button', { name: 'Lihat profil risiko saya' }).click();
  await expect(page).toHaveURL(new RegExp(`${PAGE}$`));
  await expect(page.getByRole('heading', { name: 'Profil risiko Anda: Konservatif' })).toBeVisible();
  const konservatif = await expectConsistent(page, ['rendah']);
  expect(konservatif.every((r) => moderat.some((m) => m.ticker === r.ticker))).toBe(true);
  expect(konservatif.length).toBeLessThan(moderat.length);
});

test('anggota premium mengisi kuesioner; jawaban yang kurang disebutkan nomornya dan tidak disimpan', async ({
  page,
}) => {
  await freshMember(page, { tier: 'premium' });
  await page.goto(PAGE);
  await expect(page.getByRole('heading', { name: 'Kuesioner profil risiko' })).toBeVisible();
  await expectAxeClean(page);
  const groups = await questions(page).all();
  expect(groups.length).toBeGreaterThanOrEqual(5);
  expect(groups.length).toBeLessThanOrEqual(7);
  for (const group of groups.slice(0, -1)) await group.getByRole('radio').last().check();
  await page.getByRole('button', { name: 'Lihat profil risiko saya' }).click();
  await expect(page.getByRole('alert').first()).toContainText(`Pertanyaan nomor ${groups.length} belum dijawab.`);
  await expect(questions(page).last().getByRole('radio').first()).not.toBeChecked();
  await expect(questions(page).first().getByRole('radio').last()).toBeChecked();
  await questions(page).last().getByRole('radio').last().check();
  await page.getByRole('button', { name: 'Lihat profil risiko saya' }).click();
  await expect(page.getByRole('heading', { name: 'Profil risiko Anda: Agresif' })).toBeVisible();
  await expect(page.getByText('Profil risiko Anda tersimpan.')).toBeVisible();
  await expectConsistent(page, ['rendah', 'sedang', 'tinggi'], 'premium');
});

test('anggota gratis melihat contoh rekomendasi dan ajakan meningkatkan paket, tanpa kuesioner', async ({
  page,
  baseURL,
}) => {
  await signInByPost(page, DEMO.gratis);
  await page.goto(PAGE);
  await expect(page.getByTestId('rekomendasi-teaser')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Tingkatkan ke Reguler' })).toHaveAttribute('href', '/pick-membership');
  await expect(page.getByRole('heading', { name: /^Contoh: rekomendasi Beli untuk profil Moderat/ })).toBeVisible();
  const sample = await page.getByTestId('rec-row').count();
  expect(sample).toBeGreaterThan(0);
  expect(sample).toBeLessThanOrEqual(3);
  await expect(page.getByTestId('rec-held')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Lihat profil risiko saya' })).toHaveCount(0);
  await expectAxeClean(page);
  const res = await page.request.post(PAGE, {
    form: { tujuan: 'maksimal' },
    headers: { origin: baseURL! },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(303);
  expect(res.headers()['location']).toBe('/pick-membership');
});
