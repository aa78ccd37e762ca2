/**
 * "Send again" of a gift (decision 0041) when the mail cannot be sent: SMTP_URL names a port where
 * nothing listens, so nodemailer really fails. The buyer gets a clear 503, the earlier link keeps
 * working, and a retry is neither blocked by the one-minute gap nor counted against the resend cap.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';

Object.assign(process.env, {
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'telaah-gift-mail-')),
  // Port 1 (tcpmux): nothing listens there, the connection is refused.
  SMTP_URL: 'smtp://127.0.0.1:1',
});

import { createTestDb } from '../db';
import type { DbHandle } from '../../src/server/db/client';
import { auditLog, giftPasses, payments } from '../../src/server/db/schema';
import { GIFT_RESEND_MAX, giftByToken, resendGift } from '../../src/server/services/membership';
import { sha256 } from '../../src/server/services/accounts';
import { createUser } from '../factories/users';
import { createPayment } from '../factories/payments';

const NOW = new Date('2026-11-20T10:00:00+07:00');
const TOKEN = 'T'.repeat(43);

describe('gift resend with a failing mail transport', () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await createTestDb();
  });
  afterAll(async () => {
    await h.close();
  });

  it('answers 503, keeps the earlier link, and lets the buyer retry at once', async () => {
    const buyer = await createUser(h.db, { name: 'Budi Pemberi' });
    const payment = await createPayment(h.db, buyer.id, 'reguler-1');
    await h.db.update(payments).set({ status: 'paid', gift: true, paidAt: NOW }).where(eq(payments.id, payment.id));
    const sentAt = new Date(NOW.getTime() - 3_600_000);
    const [gift] = await h.db
      .insert(giftPasses)
      .values({
        paymentId: payment.id,
        buyerId: buyer.id,
        recipientEmail: 'teman@contoh.id',
        status: 'active',
        tokenHash: sha256(TOKEN),
        sentAt,
      })
      .returning();
    // More attempts than the cap, all at the same moment: none is refused for the gap or the cap.
    for (let i = 0; i <= GIFT_RESEND_MAX; i++)
      expect(await resendGift(h.db, buyer, null, { giftId: gift!.id, recipientEmail: 'baru@contoh.id' }, NOW)).toEqual({
        ok: false,
        status: 503,
        message:
          'Email tautan hadiah gagal dikirim. Tautan sebelumnya tetap berlaku; coba kirim ulang beberapa saat lagi.',
      });
    expect((await h.db.select().from(giftPasses).where(eq(giftPasses.id, gift!.id)))[0]).toMatchObject({
      status: 'active',
      tokenHash: sha256(TOKEN),
      recipientEmail: 'teman@contoh.id',
      sentAt,
    });
    expect((await giftByToken(h.db, TOKEN))?.gift.id).toBe(gift!.id);
    const failed = await h.db.select().from(auditLog).where(eq(auditLog.action, 'gift.resend-failed'));
    expect(failed).toHaveLength(GIFT_RESEND_MAX + 1);
    expect(failed[0]).toMatchObject({
      actorId: buyer.id,
      details: { giftId: gift!.id, to: 'baru@contoh.id', restored: true },
    });
  });
});
