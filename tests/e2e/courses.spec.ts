import { axe } from './axe';
import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEMO, expect, freshMember, signIn, signInAdminByPost, signInByPost, signOut, test } from './fixtures';
import { filesUnder, lessonTexts, type LessonText } from './lesson-text';

const LESSONS = lessonTexts();
const href = (l: LessonText) => `/courses/${l.courseId}?pelajaran=${l.slug}`;
const ofCourse = (courseId: string) => LESSONS.filter((l) => l.courseId === courseId);

async function expectAxeClean(page: Page) {
  const results = await axe(page).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('teks pelajaran tidak ada di satu pun berkas publik hasil build (dist/client)', () => {
  // Lessons are rendered on request by the server (dist/server); nothing under dist/client may carry them.
  const files = filesUnder(path.resolve('dist/client'));
  expect(files.some((f) => f.endsWith(path.join('courses', 'index.html')))).toBe(true);
  const leaks: string[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const l of LESSONS)
      for (const p of l.phrases)
        if (text.includes(p)) leaks.push(`${path.relative('dist', file)}: ${l.courseId}/${l.slug}`);
  }
  expect(leaks).toEqual([]);
});

test('pengunjung membaca ikhtisar kursus, tetapi isi pelajaran tidak dikirim sebelum masuk', async ({
  page,
  request,
}) => {
  for (const l of LESSONS) {
    const html = await (await request.get(href(l))).text();
    for (const p of l.phrases) expect(html, `${l.courseId}/${l.slug}`).not.toContain(p);
  }
  await page.goto('/courses/valuasi-saham');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Valuasi Saham — PER, PBV, dan DCF');
  await expect(page.getByRole('heading', { name: 'Yang akan Anda pelajari' })).toBeVisible();
  await expect(page.locator('astro-island')).toHaveCount(0);
  // A visitor opens no lesson: the preview says it needs a free account, never "pratinjau gratis".
  const list = page.locator('.lesson-list');
  await expect(list.locator('li').first()).toContainText('perlu akun gratis');
  await expect(list).not.toContainText('pratinjau gratis');
  await expectAxeClean(page);
  await page.getByRole('link', { name: ofCourse('valuasi-saham')[0]!.title }).click();
  await expect(page.getByRole('heading', { name: 'Masuk untuk membaca pelajaran ini' })).toBeVisible();
  await page.getByTestId('lesson-locked').getByRole('link', { name: 'Masuk' }).click();
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Fcourses%2Fvaluasi-saham%3Fpelajaran%3D/);
});

test('anggota hanya menerima pelajaran sesuai paketnya: pratinjau gratis untuk semua, sisanya per tingkat kursus', async ({
  page,
}) => {
  const canRead = { gratis: ['gratis'], reguler: ['gratis', 'reguler'] } as const;
  for (const tier of ['gratis', 'reguler'] as const) {
    await signIn(page, DEMO[tier]);
    for (const l of LESSONS) {
      const html = await (await page.request.get(href(l))).text();
      const readable = l.freePreview || (canRead[tier] as readonly string[]).includes(l.courseTier);
      for (const p of l.phrases) {
        if (readable) expect(html, `${tier} reads ${l.courseId}/${l.slug}`).toContain(p);
        else expect(html, `${tier} must not get ${l.courseId}/${l.slug}`).not.toContain(p);
      }
    }
    await signOut(page);
  }
  await signIn(page, DEMO.gratis);
  const locked = ofCourse('membaca-laporan-keuangan').find((l) => !l.freePreview)!;
  await page.goto(href(locked));
  await expect(page.getByRole('heading', { name: 'Pelajaran ini untuk anggota Reguler' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Lihat paket' })).toHaveAttribute('href', '/pick-membership');
  await expect(page.getByRole('button', { name: 'Tandai selesai' })).toHaveCount(0);
});

test('anggota menandai pelajaran selesai; kemajuannya tetap ada setelah keluar dan masuk lagi, di katalog dan di halaman kursus', async ({
  page,
}) => {
  const [first, second] = ofCourse('dasar-investasi-saham');
  // A fresh member: the course (tier gratis) starts untouched.
  const member = await freshMember(page);
  await page.goto('/courses/dasar-investasi-saham');
  await expect(page.getByTestId('course-percent')).toHaveText('0 %');
  await page.getByRole('link', { name: `Mulai belajar: ${first!.title}` }).click();
  await expect(page.getByTestId('lesson-content')).toContainText(first!.phrases[0]);
  await page.getByRole('button', { name: 'Tandai selesai' }).click();
  await expect(page.getByText('Pelajaran ini sudah selesai')).toBeVisible();
  // The other islands follow through the shared store, without a reload.
  await expect(page.getByTestId('course-percent')).toHaveText('20 %');
  await expect(page.getByTestId('course-count')).toHaveText('1 dari 5 pelajaran selesai');
  await expect(page.locator(`[data-lesson="${first!.slug}"]`)).toHaveAttribute('data-done', 'true');
  await page.getByRole('link', { name: `Berikutnya: ${second!.title}` }).click();
  await expect(page.getByTestId('lesson-content')).toContainText(second!.phrases[0]);

  await signOut(page);
  await signInByPost(page, member.email, member.password);
  await page.goto('/courses');
  const card = page.locator('[data-course-progress="dasar-investasi-saham"]');
  await expect(card).toContainText('20 % selesai · 1 dari 5 pelajaran');
  await expect(page.locator('[data-course-progress="valuasi-saham"]')).toBeHidden();
  await card.getByRole('link', { name: `Lanjutkan: ${second!.title}` }).click();
  await expect(page).toHaveURL(new RegExp(`pelajaran=${second!.slug}$`));
  await page.goto('/courses/dasar-investasi-saham');
  await expect(page.getByTestId('course-percent')).toHaveText('20 %');
  await expect(page.getByRole('link', { name: `Lanjutkan: ${second!.title}` })).toBeVisible();
  await expect(page.locator(`[data-lesson="${first!.slug}"]`)).toHaveAttribute('data-done', 'true');
  await expectAxeClean(page);

  await page.goto(href(first!));
  await page.getByRole('button', { name: 'Tandai belum selesai' }).click();
  await expect(page.getByTestId('course-percent')).toHaveText('0 %');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Tandai selesai' })).toBeVisible();
  await expectAxeClean(page);
});

test('anggota tanpa JavaScript tetap bisa membaca dan menandai pelajaran selesai', async ({
  browser,
  page: joining,
}) => {
  // A fresh Reguler member (signed up and paid with JavaScript), then reading in a browser without it.
  const member = await freshMember(joining, { tier: 'reguler' });
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const lesson = ofCourse('membaca-laporan-keuangan').find((l) => !l.freePreview)!;
  await signInByPost(page, member.email, member.password);
  await page.goto(href(lesson));
  await expect(page.getByTestId('lesson-content')).toContainText(lesson.phrases[1]);
  await page.getByRole('button', { name: 'Tandai selesai' }).click();
  await expect(page).toHaveURL(new RegExp(`pelajaran=${lesson.slug}#selesai$`));
  await expect(page.getByText('Pelajaran ini sudah selesai')).toBeVisible();
  await expect(page.getByTestId('course-count')).toHaveText('1 dari 5 pelajaran selesai');
  await page.getByRole('button', { name: 'Tandai belum selesai' }).click();
  await expect(page.getByTestId('course-count')).toHaveText('0 dari 5 pelajaran selesai');
  await context.close();
});

test('katalog kursus tetap tanpa React bagi anggota yang masuk', async ({ page }) => {
  await signIn(page, DEMO.premium);
  // The landing page (the portfolio, with React islands) may still be loading its scripts: leave it
  // first, so that only what the catalog itself requests is counted.
  await page.goto('about:blank');
  const scriptUrls: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scriptUrls.push(req.url());
  });
  await page.goto('/courses', { waitUntil: 'networkidle' });
  expect(await page.content()).not.toContain('<astro-island');
  expect(scriptUrls.length).toBeGreaterThan(0);
  // Bodies are fetched afresh: a response read during navigation may already be gone.
  for (const url of scriptUrls) {
    const js = await (await page.request.get(url)).text();
    expect(js).not.toMatch(/react\.dev\/errors|react-dom|__reactFiber/);
  }
});

test('API kemajuan belajar menolak permintaan yang tidak sah dengan pesan berbahasa Indonesia', async ({
  page,
  request,
  baseURL,
}) => {
  const locked = ofCourse('valuasi-saham').find((l) => !l.freePreview)!;
  const post = (r: typeof request, data: unknown) =>
    r.post('/api/courses/progress', { data, headers: { origin: baseURL! } });
  const anonymous = await post(request, { courseId: 'valuasi-saham', lesson: locked.slug, done: true });
  expect(anonymous.status()).toBe(401);
  await signIn(page, DEMO.gratis);
  const forbidden = await post(page.request, { courseId: 'valuasi-saham', lesson: locked.slug, done: true });
  expect(forbidden.status()).toBe(403);
  expect(await forbidden.json()).toEqual({ error: 'Pelajaran ini belum terbuka untuk paket Anda.' });
  expect((await post(page.request, { courseId: 'valuasi-saham', lesson: 'tidak-ada', done: true })).status()).toBe(404);
  const bad = await post(page.request, { courseId: 'valuasi-saham', lesson: locked.slug, done: 'ya' });
  expect(bad.status()).toBe(400);
  expect((await bad.json()).error).toContain('done');
});

test('admin yang masuk sebagai anggota bisa melihat kemajuan, tetapi tidak mengubahnya', async ({ page, baseURL }) => {
  await signInAdminByPost(page);
  await page.goto('/impersonate?q=reguler');
  await page.getByRole('button', { name: /Masuk sebagai Rudi Reguler/ }).click();
  const lesson = ofCourse('membaca-laporan-keuangan')[0]!;
  await page.goto(href(lesson));
  await expect(page.getByTestId('lesson-content')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Tandai selesai' })).toBeDisabled();
  const res = await page.request.post('/api/courses/progress', {
    data: { courseId: lesson.courseId, lesson: lesson.slug, done: true },
    headers: { origin: baseURL! },
  });
  expect(res.status()).toBe(403);
});
