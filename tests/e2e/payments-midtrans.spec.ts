import { type APIRequestContext, type Page } from '@playwright/test';
import { createHash } from 'node:crypto';
import { MIDTRANS_SERVER_KEY, PORTS } from '../../playwright.config';
import { expect, freshMember, hydrated, latestMailTo, outbox, test } from './fixtures';

const MIDTRANS = `http://127.0.0.1:${PORTS.midtrans}`;
const PREMIUM_ANALYSIS = '/analisis/non-emiten/suku-bunga-bi-dan-saham-perbankan';
/** Chooses Midtrans on /pay and lands on the stand-in's Snap page; returns the order id. */
async function payWithMidtrans(page: Page, plan: string, price: string): Promise<string> {
  await page.goto(`/pay?plan=${plan}`);
  await page.getByRole('radio', { name: /QRIS, e-wallet, atau virtual account/ }).check();
  await page.getByRole('button', { name: `Bayar ${price}` }).click();
  await expect(page).toHaveURL(new RegExp(`127\\.0\\.0\\.1:${PORTS.midtrans}/snap/v4/redirection/`));
  return (await page.getByText(/^Order /).textContent())!.replace('Order ', '').trim();
}

const auth = { authorization: `Basic ${Buffer.from(`${MIDTRANS_SERVER_KEY}:`).toString('base64')}` };
async function midtransStatus(
  request: APIRequestContext,
  orderId: string,
  transaction_status: string,
  times = 5,
): Promise<void> {
  const res = await request.post(`${MIDTRANS}/_standin/orders/${orderId}/status`, {
    data: { transaction_status, times },
  });
  expect(await res.json()).toEqual({ statuses: Array(times).fill(200) });
}

test('anggota gratis membayar Premium 3 bulan lewat Midtrans dan mendapatkannya sekali, walau notifikasi datang 5 kali sebelum redirect', async ({
  page,
  request,
}) => {
  const { email } = await freshMember(page, { name: 'Sari Midtrans' });
  await page.goto(PREMIUM_ANALYSIS);
  await expect(page.getByRole('heading', { name: 'Baca analisis lengkap' })).toBeVisible();

  await page.goto('/pick-membership');
  await hydrated(page, 'PlanPicker');
  await page.getByRole('radio', { name: /3 bulan/ }).check();
  await page.getByRole('link', { name: 'Pilih Premium 3 bulan' }).click();
  await expect(page.getByTestId('masa-aktif')).toContainText('sampai 20 Februari 2027');
  const orderId = await payWithMidtrans(page, 'premium-3', 'Rp 799.000');
  await expect(page.getByText('Telaah Premium 3 bulan')).toBeVisible();
  await page.getByRole('button', { name: 'Bayar (QRIS)' }).click();

  // The five notifications were answered before the stand-in sent the browser to the finish URL.
  await expect(page).toHaveURL(
    new RegExp(`/payment-capture\\?order_id=${orderId}&status_code=200&transaction_status=settlement$`),
  );
  await expect(page.getByRole('heading', { name: 'Pembayaran berhasil' })).toBeVisible();
  await expect(page.getByText('20 November 2026 – 20 Februari 2027')).toBeVisible();
  await expect(page.getByText(/melalui Midtrans/)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Pembayaran berhasil' })).toBeVisible();

  expect((await latestMailTo(email)).subject).toMatch(/^Kuitansi TLH-2026-\d{6} — Telaah Premium 3 bulan$/);
  expect(outbox().filter((m) => m.to === email && m.subject.startsWith('Kuitansi'))).toHaveLength(1);
  await page.goto('/settings/membership');
  await expect(page.getByTestId('aktif-sampai')).toHaveText('aktif sampai 20 Februari 2027');
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
  await page.goto(PREMIUM_ANALYSIS);
  await expect(page.getByRole('heading', { name: 'Baca analisis lengkap' })).toHaveCount(0);

  // A refund made at Midtrans (Core API) ends the access it paid for.
  const refund = await request.post(`${MIDTRANS}/v2/${orderId}/refund`, {
    headers: auth,
    data: { refund_key: `r-${orderId}`, amount: 799_000, reason: 'permintaan anggota' },
  });
  expect(refund.status()).toBe(200);
  await page.goto(PREMIUM_ANALYSIS);
  await expect(page.getByRole('heading', { name: 'Baca analisis lengkap' })).toBeVisible();
  await page.goto('/settings/membership');
  await expect(page.getByRole('table').getByRole('row').nth(1)).toContainText('Dikembalikan');
});

test('notifikasi Midtrans dengan tanda tangan palsu ditolak 403 dan tidak mengubah apa pun', async ({
  page,
  request,
}) => {
  await freshMember(page);
  const orderId = await payWithMidtrans(page, 'reguler-1', 'Rp 149.000');
  const body = {
    order_id: orderId,
    status_code: '200',
    gross_amount: '149000.00',
    transaction_status: 'settlement',
    fraud_status: 'accept',
  };
  const forged = createHash('sha512').update(`${orderId}200149000.00SB-Mid-server-bukan-kami`).digest('hex');
  const res = await request.post('/api/webhooks/midtrans', { data: { ...body, signature_key: forged } });
  expect(res.status()).toBe(403);
  expect(await res.json()).toEqual({ error: 'Tanda tangan notifikasi tidak valid.' });
  // The member closes Snap without paying: the unfinish page, and still Gratis.
  await page.getByRole('button', { name: 'Batal' }).click();
  await expect(page).toHaveURL(new RegExp(`/payment-capture/cancel\\?order_id=${orderId}$`));
  await expect(page.getByRole('heading', { name: 'Pembayaran dibatalkan' })).toBeVisible();
  await page.goto('/settings/membership');
  await expect(page.getByText('tanpa batas waktu')).toBeVisible();
  // Neither the forged notification nor the closed Snap page left a payment in the history.
  await expect(page.getByText('Belum ada pembayaran.')).toBeVisible();
});

test('pembayaran Midtrans yang ditolak lalu dilunasi memberi akses sekali', async ({ page, request }) => {
  await freshMember(page);
  const orderId = await payWithMidtrans(page, 'reguler-1', 'Rp 149.000');
  await page.getByRole('button', { name: 'Gagal' }).click();
  await expect(page).toHaveURL(/\/payment-capture\/error\?order_id=.*transaction_status=deny/);
  await expect(page.getByRole('alert')).toContainText('ditolak oleh bank');
  await midtransStatus(request, orderId, 'settlement');
  await page.goto('/settings/membership');
  await expect(page.getByTestId('aktif-sampai')).toHaveText('aktif sampai 20 Desember 2026');
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('table').getByRole('row').nth(1)).toContainText('Lunas');
});

test('pembayaran virtual account yang menunggu lalu kedaluwarsa tidak memberi akses tambahan', async ({
  page,
  request,
}) => {
  // A Reguler member until 20 December 2026 (one month paid by card, listed in the history).
  await freshMember(page, { tier: 'reguler' });
  const orderId = await payWithMidtrans(page, 'reguler-3', 'Rp 399.000');
  await page.getByRole('button', { name: 'Bayar nanti (virtual account)' }).click();
  await expect(page.getByRole('heading', { name: 'Pembayaran sedang diproses' })).toBeVisible();
  await midtransStatus(request, orderId, 'expire');
  await page.getByRole('link', { name: 'Periksa lagi' }).click();
  await expect(page.getByRole('heading', { name: 'Pembayaran gagal' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('Batas waktu pembayaran habis');
  await page.goto('/settings/membership');
  await expect(page.getByTestId('aktif-sampai')).toHaveText('aktif sampai 20 Desember 2026');
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
});
