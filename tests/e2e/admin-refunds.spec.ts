/**
 * Refunds from the admin console (issue #26): a Stripe and a Midtrans payment, each refunded from the
 * member's page; the provider's webhook arrives too (before the console's answer, five times, and again
 * later), and what each payment bought is removed exactly once.
 */
import { PORTS } from '../../playwright.config';
import { expect, signInAdminByPost, signUpMember, test } from './fixtures';

const STRIPE = `http://127.0.0.1:${PORTS.stripe}`;
const MIDTRANS = `http://127.0.0.1:${PORTS.midtrans}`;

test('admin mengembalikan dana Stripe dan Midtrans dari konsol; masa aktif dicabut sekali walau webhook datang juga', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const ctx = await browser.newContext({ baseURL });
  const memberPage = await ctx.newPage();
  // Reguler 1 month through Stripe, then Premium 1 month through Midtrans on top of it. Signed up and paid
  // through the forms, not taken from the pool: a pool member's payment never went through the Stripe
  // stand-in, which could not refund it.
  const member = await signUpMember(memberPage, { tier: 'reguler', name: 'Rina Refund' });
  await memberPage.goto('/pay?plan=premium-1');
  await memberPage.getByRole('radio', { name: /QRIS, e-wallet, atau virtual account/ }).check();
  await memberPage.getByRole('button', { name: /^Bayar Rp/ }).click();
  const orderId = (await memberPage.getByText(/^Order /).textContent())!.replace('Order ', '').trim();
  await memberPage.getByRole('button', { name: 'Bayar (QRIS)' }).click();
  await expect(memberPage.getByRole('heading', { name: 'Pembayaran berhasil' })).toBeVisible();

  await signInAdminByPost(page);
  await page.goto(`/admin/anggota?q=${encodeURIComponent(member.email)}`);
  await page.getByRole('link', { name: member.name }).click();
  const memberId = new URL(page.url()).pathname.split('/').at(-1)!;
  const payments = page.getByRole('list', { name: 'Pembayaran' });
  const audit = page.getByRole('list', { name: 'Log audit' });

  // Midtrans: its notification (five deliveries) reaches the app before the refund API answers.
  const viaMidtrans = payments.getByRole('listitem').filter({ hasText: 'Midtrans' });
  await viaMidtrans.getByLabel(/Alasan pengembalian/).fill('Salah pilih paket');
  await viaMidtrans.getByRole('button', { name: 'Kembalikan dana Rp 299.000' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'dikembalikan' })).toHaveText(
    'Dana Midtrans dikembalikan; masa aktif yang dibelinya dicabut.',
  );
  await expect(viaMidtrans).toContainText('dikembalikan');
  await expect(viaMidtrans.getByRole('button')).toHaveCount(0);
  await memberPage.goto('/settings/membership');
  await expect(memberPage.getByRole('table').getByRole('row').filter({ hasText: 'Dikembalikan' })).toHaveCount(1);
  await expect(memberPage.getByTestId('aktif-sampai')).toHaveText('aktif sampai 20 Desember 2026');

  // Stripe: refund.created and charge.refunded, five deliveries each, before the answer.
  const viaStripe = payments.getByRole('listitem').filter({ hasText: 'Stripe' });
  await viaStripe.getByLabel(/Alasan pengembalian/).fill('Pembayaran ganda');
  await viaStripe.getByRole('button', { name: 'Kembalikan dana Rp 149.000' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'dikembalikan' })).toHaveText(
    'Dana Stripe dikembalikan; masa aktif yang dibelinya dicabut.',
  );
  await expect(payments.getByRole('button')).toHaveCount(0);

  // The providers deliver their refund events again, later: nothing more changes.
  const again = await request.post(`${MIDTRANS}/_standin/orders/${orderId}/status`, {
    data: { transaction_status: 'refund', times: 3 },
  });
  expect(await again.json()).toEqual({ statuses: [200, 200, 200] });
  const events = (await (await request.get(`${STRIPE}/_standin/events`)).json()) as {
    id: string;
    type: string;
    metadata?: { userId?: string };
  }[];
  const refunded = events.filter((e) => e.type === 'charge.refunded' && e.metadata?.userId === memberId);
  expect(refunded).toHaveLength(1);
  const resent = await request.post(`${STRIPE}/_standin/events/${refunded[0]!.id}/resend`, { data: { times: 3 } });
  expect(await resent.json()).toEqual({ statuses: [200, 200, 200] });

  await page.reload();
  await expect(audit.getByRole('listitem').filter({ hasText: 'admin.payment-refund' })).toHaveCount(2);
  await expect(audit.getByRole('listitem').filter({ hasText: 'payment.refunded' })).toHaveCount(2);
  await expect(audit).toContainText('Pembayaran ganda');
  await expect(audit).toContainText('Salah pilih paket');
  await expect(page.getByRole('list', { name: 'Keanggotaan' }).getByRole('listitem')).toHaveCount(0);

  await memberPage.goto('/settings/membership');
  await expect(memberPage.getByRole('table').getByRole('row').filter({ hasText: 'Dikembalikan' })).toHaveCount(2);
  await expect(memberPage.getByTestId('aktif-sampai')).toHaveCount(0);
  await ctx.close();
});
