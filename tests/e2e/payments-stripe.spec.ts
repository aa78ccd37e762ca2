import { type Page } from '@playwright/test';
import { axe } from './axe';
import Stripe from 'stripe';
import { PORTS } from '../../playwright.config';
import {
  DEMO,
  expect,
  freshMember,
  hydrated,
  latestMailTo,
  outbox,
  signInAdminByPost,
  signInByPost,
  test,
} from './fixtures';

const ANALYSIS = '/analisis/BBCA/kinerja-tahun-buku-2025'; // tier reguler
const stripe = new Stripe('sk_test_e2e_stand_in', { host: '127.0.0.1', port: PORTS.stripe, protocol: 'http' });

async function startPayment(page: Page, plan: string): Promise<void> {
  await page.goto(`/pay?plan=${plan}`);
  await page.getByRole('radio', { name: /Kartu kredit/ }).check();
  await page.getByRole('button', { name: /^Bayar Rp/ }).click();
  await expect(page).toHaveURL(new RegExp(`127\\.0\\.0\\.1:${PORTS.stripe}/c/pay/cs_test_`));
}

async function expectGratis(page: Page): Promise<void> {
  await page.goto('/settings/membership');
  await expect(page.getByRole('region', { name: 'Paket Anda' }).getByText('Gratis', { exact: true })).toBeVisible();
  await expect(page.getByText('tanpa batas waktu')).toBeVisible();
}

test('anggota gratis membayar Reguler 1 bulan lewat Stripe, mendapat kuitansi dan akses Reguler; refund mengakhiri aksesnya', async ({
  page,
}) => {
  const member = await freshMember(page, { name: 'Gita Baru' });
  await page.goto(ANALYSIS);
  await expect(page.getByRole('heading', { name: 'Baca analisis lengkap' })).toBeVisible();

  await page.goto('/pick-membership');
  await hydrated(page, 'PlanPicker');
  await page.getByRole('link', { name: 'Pilih Reguler 1 bulan' }).click();
  await expect(page).toHaveURL(/\/pay\?plan=reguler-1$/);
  await expect(page.getByTestId('masa-aktif')).toContainText('sampai 20 Desember 2026');
  await page.getByRole('radio', { name: /Kartu kredit/ }).check();
  await page.getByRole('button', { name: 'Bayar Rp 149.000' }).click();

  // The stand-in's hosted checkout page, as Stripe Checkout would show it.
  await expect(page.getByText('Telaah Reguler 1 bulan')).toBeVisible();
  await expect(page.getByText('Rp 149.000')).toBeVisible();
  await page.getByRole('button', { name: 'Bayar', exact: true }).click();

  await expect(page).toHaveURL(/\/payment-capture\?session_id=cs_test_/);
  await expect(page.getByRole('heading', { name: 'Pembayaran berhasil' })).toBeVisible();
  const receiptNumber = (await page.getByTestId('nomor-kuitansi').textContent())!.trim();
  expect(receiptNumber).toMatch(/^TLH-2026-\d{6}$/);
  await expect(page.getByText('20 November 2026 – 20 Desember 2026')).toBeVisible();
  const sessionId = new URL(page.url()).searchParams.get('session_id')!;

  const mail = await latestMailTo(member.email);
  expect(mail.subject).toBe(`Kuitansi ${receiptNumber} — Telaah Reguler 1 bulan`);
  expect(mail.text).toContain('Rp 149.000');
  // Five deliveries of the completion event and the return page: one receipt.
  expect(outbox().filter((m) => m.to === member.email && m.subject.startsWith('Kuitansi'))).toHaveLength(1);

  await page.goto('/settings/membership');
  await expect(page.getByTestId('aktif-sampai')).toHaveText('aktif sampai 20 Desember 2026');
  const row = page.getByRole('row', { name: new RegExp(receiptNumber) });
  await expect(row).toContainText('Lunas');
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
  await row.getByRole('link', { name: receiptNumber }).click();
  await expect(page.getByRole('heading', { name: 'Kuitansi' })).toBeVisible();
  await expect(page.getByText('LUNAS')).toBeVisible();
  await expect(page.getByText('Gita Baru')).toBeVisible();
  await expect(page.getByTestId('penjual')).toHaveText(/PT Telaah Riset Nusantara\s*NPWP 0123 4567 8901 2345/);

  await page.goto(ANALYSIS);
  await expect(page.getByRole('heading', { name: 'Baca analisis lengkap' })).toHaveCount(0);
  await expect(page.locator('.prose h2').first()).toBeVisible();

  // Support refunds the payment in Stripe's dashboard: Stripe sends charge.refunded.
  const session = await stripe.checkout.sessions.retrieve(sessionId);
  await stripe.refunds.create({ payment_intent: String(session.payment_intent) });
  await page.goto(ANALYSIS);
  await expect(page.getByRole('heading', { name: 'Baca analisis lengkap' })).toBeVisible();
  await expectGratis(page);
  await expect(page.getByRole('row', { name: new RegExp(receiptNumber) })).toContainText('Dikembalikan');
});

test('anggota membatalkan di halaman pembayaran Stripe: halaman batal, keanggotaan tidak berubah', async ({ page }) => {
  await freshMember(page);
  await startPayment(page, 'premium-1');
  await page.getByRole('button', { name: 'Batal' }).click();
  await expect(page).toHaveURL(/\/payment-capture\/cancel$/);
  await expect(page.getByRole('heading', { name: 'Pembayaran dibatalkan' })).toBeVisible();
  await expect(page.getByText('Tidak ada biaya yang ditagihkan')).toBeVisible();
  await expectGratis(page);
  await expect(page.getByText('Belum ada pembayaran.')).toBeVisible();
});

test('pembayaran yang gagal mendarat di halaman gagal dengan alasannya, keanggotaan tidak berubah', async ({
  page,
}) => {
  await freshMember(page);
  await startPayment(page, 'reguler-3');
  await page.getByRole('button', { name: 'Gagal' }).click();
  await expect(page).toHaveURL(/\/payment-capture\/error\?pembayaran=/);
  await expect(page.getByRole('heading', { name: 'Pembayaran gagal' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('menolak pembayaran');
  await expect(page.getByRole('link', { name: 'Coba lagi' })).toHaveAttribute('href', '/pay?plan=reguler-3');
  await expectGratis(page);
  await expect(page.getByRole('row', { name: /Reguler 3 bulan/ })).toContainText('Gagal');
});

test('webhook Stripe dengan tanda tangan palsu ditolak 400 dan tidak memberi akses', async ({ page, request }) => {
  await freshMember(page);
  await startPayment(page, 'reguler-1');
  const sessionId = page.url().split('/c/pay/')[1]!;
  const session = await stripe.checkout.sessions.retrieve(sessionId);
  const payload = JSON.stringify({
    id: 'evt_forged_1',
    object: 'event',
    type: 'checkout.session.completed',
    data: { object: { ...session, status: 'complete', payment_status: 'paid', payment_intent: 'pi_forged' } },
  });
  const forged = stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_bukan_rahasia_kami' });
  const res = await request.post('/api/webhooks/stripe', {
    data: payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': forged },
  });
  expect(res.status()).toBe(400);
  const unsigned = await request.post('/api/webhooks/stripe', {
    data: payload,
    headers: { 'content-type': 'application/json' },
  });
  expect(unsigned.status()).toBe(400);
  await page.goto(`/payment-capture?session_id=${sessionId}`);
  await expect(page.getByRole('heading', { name: 'Pembayaran belum selesai' })).toBeVisible();
  await expectGratis(page);
});

test('pengunjung memilih paket, masuk dulu, lalu kembali ke halaman pembayaran', async ({ page }) => {
  await page.goto('/pick-membership');
  await hydrated(page, 'PlanPicker');
  await page.getByRole('radio', { name: /3 bulan/ }).check();
  await page.getByRole('link', { name: 'Pilih Reguler 3 bulan' }).click();
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Fpay%3Fplan%3Dreguler-3$/);
  await page.getByLabel('Email').fill(DEMO.gratis);
  await page.getByLabel('Kata sandi').fill('telaah-demo');
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
  await expect(page).toHaveURL(/\/pay\?plan=reguler-3$/);
  await expect(page.getByText('Reguler 3 bulan').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Bayar Rp 399.000' })).toBeVisible();
});

test('anggota Reguler melihat paketnya disorot dan harga per bulan serta penghematan per periode', async ({ page }) => {
  await signInByPost(page, DEMO.reguler);
  await page.goto('/pick-membership');
  await hydrated(page, 'PlanPicker');
  const reguler = page.getByRole('region', { name: 'Reguler' });
  await expect(reguler.getByText(/Paket Anda saat ini · aktif sampai/)).toBeVisible();
  await expect(reguler.getByRole('link', { name: 'Perpanjang Reguler 1 bulan' })).toBeVisible();
  await page.getByRole('radio', { name: /12 bulan/ }).check();
  await expect(reguler.getByText('Rp 1.399.000')).toBeVisible();
  await expect(reguler.getByText(/≈ Rp 116\.583 per bulan/)).toBeVisible();
  await expect(reguler.getByText('hemat 21,8 %')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Premium' }).getByRole('link', { name: 'Tingkatkan Premium 12 bulan' }),
  ).toHaveAttribute('href', '/pay?plan=premium-12');
  const results = await axe(page).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual(
    [],
  );
});

test('admin yang sedang impersonasi tidak bisa membayar atas nama anggota', async ({ page }) => {
  await signInAdminByPost(page);
  await page.goto('/impersonate?q=gita');
  await page.getByRole('button', { name: 'Masuk sebagai Gita Gratis' }).click();
  const res = await page.goto('/pay?plan=reguler-1');
  expect(res?.status()).toBe(403);
  await expect(page.getByText('Tindakan ini tidak tersedia saat Anda masuk sebagai anggota lain')).toBeVisible();
  await page.goto('/');
  await page.getByRole('button', { name: 'Akhiri' }).click();
});
