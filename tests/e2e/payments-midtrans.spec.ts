import { type APIRequestContext, type Page } from '@playwright/test';
import { createHash } from 'node:crypto';
import { MIDTRANS_SERVER_KEY, PORTS } from '../../playwright.config';
import { expect, freshMember, hydrated, latestMailTo, outbox, test } from './fixtures';

const MIDTRANS = `http://127.0.0.1:${PORTS.midtrans}`;
const PREMIUM_ANALYSIS = '/analisis/non-emiten/suku-bunga-bi-dan-saham-perbankan';
/** Chooses Midtrans on /pay and lands on the stand-in's Snap page; returns the order id. */
async function payWithMidtrans(page: Page, plan: string, price: string): Promise<string> {
  await page.goto(`/pay?plan=${plan}`);
  // QRIS and the other Midtrans ways come first and are preselected; the card is the second choice.
  const methods = page.getByRole('radio');
  await expect(methods.first()).toHaveAccessibleName(/QRIS, e-wallet, atau virtual account/);
  await expect(methods.first()).toBeChecked();
  await expect(page.getByRole('radio', { name: /Kartu kredit/ })).not.toBeChecked();
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

test('di ponsel, "bayar nanti" menunjukkan nomor VA, bank, jumlah dan batas waktu; bisa dibuka lagi, lalu kedaluwarsa tanpa akses tambahan', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  // A Reguler member until 20 December 2026 (one month paid by card, listed in the history).
  await freshMember(page, { tier: 'reguler' });
  const orderId = await payWithMidtrans(page, 'reguler-3', 'Rp 399.000');
  await page.getByRole('button', { name: 'Bayar nanti (virtual account)' }).click();
  await expect(page.getByRole('heading', { name: 'Menunggu transfer Anda' })).toBeVisible();
  const how = page.getByTestId('cara-bayar');
  await expect(how.getByRole('heading', { name: 'Transfer ke virtual account BCA' })).toBeVisible();
  await expect(how.getByTestId('bank')).toHaveText('BCA');
  const va = (await how.getByTestId('nomor-va').textContent())!;
  expect(va).toMatch(/^12112\d{6}$/);
  await expect(how.getByTestId('jumlah-transfer')).toHaveText('Rp 399.000');
  await expect(how.getByTestId('batas-bayar')).toHaveText('21 November 2026 pukul 10.00 WIB');
  // Nothing of it is cut off on a phone.
  expect(await how.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

  // Later: the member finds it again from Keanggotaan, and /pay warns before a second purchase.
  await page.goto('/settings/membership');
  const waiting = page.getByRole('region', { name: 'Menunggu transfer Anda' });
  await expect(waiting.getByTestId('nomor-va')).toHaveText(va);
  await expect(waiting.getByTestId('batas-bayar')).toHaveText('21 November 2026 pukul 10.00 WIB');
  await expect(page.getByRole('table').getByRole('row').nth(1)).toContainText('Diproses');
  await page.goto('/pay?plan=reguler-3');
  await expect(page.getByRole('status').filter({ hasText: 'menunggu transfer' })).toContainText(
    'sampai 21 November 2026 pukul 10.00 WIB',
  );
  await page.getByRole('link', { name: 'Lihat nomor virtual account' }).click();
  await expect(page.getByTestId('nomor-va')).toHaveText(va);

  // Midtrans expires the transfer: the status page says so, and no access was added.
  await midtransStatus(request, orderId, 'expire');
  await page.getByRole('link', { name: 'Saya sudah transfer — periksa lagi' }).click();
  await expect(page.getByRole('heading', { name: 'Pembayaran gagal' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('Batas waktu pembayaran habis');
  await page.goto('/settings/membership');
  await expect(page.getByRole('region', { name: 'Menunggu transfer Anda' })).toHaveCount(0);
  await expect(page.getByTestId('aktif-sampai')).toHaveText('aktif sampai 20 Desember 2026');
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
});

test('Mandiri Bill: kode perusahaan dan kode bayar, lalu lunas setelah anggota kembali dari Keanggotaan', async ({
  page,
  request,
}) => {
  await freshMember(page);
  const orderId = await payWithMidtrans(page, 'reguler-1', 'Rp 149.000');
  await page.getByRole('button', { name: 'Bayar nanti (Mandiri Bill)' }).click();
  const how = page.getByTestId('cara-bayar');
  await expect(how.getByRole('heading', { name: 'Bayar lewat Mandiri Bill' })).toBeVisible();
  await expect(how.getByTestId('kode-perusahaan')).toHaveText('70012');
  await expect(how.getByTestId('nomor-va')).toHaveText(/^\d{12}$/);
  await expect(how.getByTestId('jumlah-transfer')).toHaveText('Rp 149.000');

  // The member pays at the bank; Midtrans' notification is lost (0 deliveries): asking Midtrans on the way
  // back from Keanggotaan settles it.
  await midtransStatus(request, orderId, 'settlement', 0);
  await page.goto('/settings/membership');
  await expect(page.getByRole('region', { name: 'Menunggu transfer Anda' }).getByTestId('kode-perusahaan')).toHaveText(
    '70012',
  );
  await page.getByRole('link', { name: 'Sudah transfer? Periksa status' }).click();
  await expect(page.getByRole('heading', { name: 'Pembayaran berhasil' })).toBeVisible();
  await page.goto('/settings/membership');
  await expect(page.getByRole('region', { name: 'Menunggu transfer Anda' })).toHaveCount(0);
  await expect(page.getByTestId('aktif-sampai')).toHaveText('aktif sampai 20 Desember 2026');
});
