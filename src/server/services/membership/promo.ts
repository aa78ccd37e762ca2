/**
 * Promo codes (docs/product.md §6): made in the admin console, quoted on /pay, applied at checkout with
 * the exact discounted amount for either provider. Limits count paid payments that used the code: a
 * checkout that is never paid does not use it up.
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { payments, promoCodes } from '../../db/schema';
import { PLANS, type Plan } from '../../../domain/plans';
import { MIN_PROMO_PRICE, promoDiscount } from '../../../domain/promo';
import { formatRupiah } from '../../../lib/format';
import { audit } from '../audit';

export type PromoCode = typeof promoCodes.$inferSelect;

const PLAN_IDS = PLANS.map((p) => p.id) as [string, ...string[]];
const CHEAPEST = Math.min(...PLANS.map((p) => p.price));
const wibDay = (date: string, end: boolean) => new Date(`${date}T${end ? '23:59:59.999' : '00:00:00'}+07:00`);

const promoSchema = z
  .object({
    code: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9-]{3,30}$/, { message: 'Kode: 3–30 huruf, angka, atau tanda hubung.' }),
    kind: z.enum(['percent', 'fixed'], { message: 'Jenis potongan: pilih persen atau Rupiah.' }),
    value: z.coerce
      .number({ message: 'Besar potongan: isi angka.' })
      .int({ message: 'Besar potongan: isi bilangan bulat.' })
      .min(1, { message: 'Besar potongan: paling sedikit 1.' }),
    plans: z.array(z.enum(PLAN_IDS, { message: 'Paket: pilih dari daftar.' })).default([]),
    validFrom: z.iso.date({ message: 'Berlaku dari: isi tanggal.' }),
    validUntil: z.iso.date({ message: 'Berlaku sampai: isi tanggal.' }),
    maxUses: z.union([
      z.literal('').transform(() => null),
      z.coerce
        .number({ message: 'Batas pemakaian: isi angka atau kosongkan.' })
        .int({ message: 'Batas pemakaian: isi bilangan bulat.' })
        .min(1, { message: 'Batas pemakaian: paling sedikit 1, atau kosongkan.' })
        .max(1_000_000, { message: 'Batas pemakaian: paling banyak 1.000.000, atau kosongkan.' }),
    ]),
    perMember: z.coerce
      .number({ message: 'Batas per anggota: isi angka.' })
      .int({ message: 'Batas per anggota: isi bilangan bulat.' })
      .min(1, { message: 'Batas per anggota: paling sedikit 1.' })
      .max(12, { message: 'Batas per anggota: paling banyak 12.' }),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'percent' && v.value > 90)
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'Besar potongan: paling banyak 90 %.' });
    if (v.kind === 'fixed' && v.value > CHEAPEST - MIN_PROMO_PRICE)
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message: `Besar potongan: paling banyak ${formatRupiah(CHEAPEST - MIN_PROMO_PRICE)}, agar harga tidak di bawah ${formatRupiah(MIN_PROMO_PRICE)}.`,
      });
    if (v.validUntil < v.validFrom)
      ctx.addIssue({
        code: 'custom',
        path: ['validUntil'],
        message: 'Berlaku sampai: tidak boleh sebelum tanggal mulai.',
      });
  });

export type PromoResult = { ok: true; message: string } | { ok: false; status: 400; field: string; message: string };

/** Creates a code (audited); the dates are WIB days, both included. */
export async function createPromoCode(
  db: Db,
  adminId: string,
  input: Record<string, unknown>,
  now: Date,
): Promise<PromoResult> {
  const parsed = promoSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, status: 400, field: String(issue.path[0] ?? 'code'), message: issue.message };
  }
  const v = parsed.data;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(promoCodes)
      .values({
        code: v.code,
        kind: v.kind,
        value: v.value,
        planIds: v.plans.length ? v.plans : null,
        validFrom: wibDay(v.validFrom, false),
        validUntil: wibDay(v.validUntil, true),
        maxUses: v.maxUses,
        perMember: v.perMember,
        createdBy: adminId,
      })
      .onConflictDoNothing()
      .returning({ id: promoCodes.id });
    if (!row) return { ok: false as const, status: 400 as const, field: 'code', message: 'Kode: sudah ada kode ini.' };
    await audit(tx, {
      at: now,
      actorId: adminId,
      subjectId: null,
      action: 'admin.promo-create',
      details: { promoCodeId: row.id, ...v },
    });
    return { ok: true as const, message: `Kode ${v.code} dibuat.` };
  });
}

/** Every code, newest first, with its paid uses. */
export async function listPromoCodes(db: Db): Promise<(PromoCode & { uses: number })[]> {
  const rows = await db
    .select({
      promo: promoCodes,
      uses: sql<number>`(select count(*)::int from payments p where p.promo_code_id = promo_codes.id and p.status = 'paid')`,
    })
    .from(promoCodes)
    .orderBy(desc(promoCodes.createdAt));
  return rows.map((r) => ({ ...r.promo, uses: Number(r.uses) }));
}

export type PromoQuote =
  { ok: true; promo: PromoCode; listPrice: number; discount: number; amount: number } | { ok: false; message: string };

/** What `code` takes off `plan` for member `userId` now, or why it cannot be used. */
export async function quotePromo(db: Db, userId: string, rawCode: string, plan: Plan, now: Date): Promise<PromoQuote> {
  const code = rawCode.trim().toUpperCase();
  const [promo] = /^[A-Z0-9-]{1,30}$/.test(code)
    ? await db.select().from(promoCodes).where(eq(promoCodes.code, code)).limit(1)
    : [];
  if (!promo) return { ok: false, message: 'Kode promo: tidak dikenal.' };
  if (now < promo.validFrom || now > promo.validUntil)
    return { ok: false, message: 'Kode promo: tidak berlaku saat ini.' };
  if (promo.planIds && !promo.planIds.includes(plan.id))
    return { ok: false, message: 'Kode promo: tidak berlaku untuk paket ini.' };
  const paidWith = (extra?: ReturnType<typeof eq>) =>
    db
      .select({ n: count() })
      .from(payments)
      .where(and(eq(payments.promoCodeId, promo.id), eq(payments.status, 'paid'), extra));
  const [[mine], [all]] = await Promise.all([
    paidWith(eq(payments.userId, userId)),
    promo.maxUses === null ? Promise.resolve([{ n: 0 }]) : paidWith(),
  ]);
  if ((mine?.n ?? 0) >= promo.perMember) return { ok: false, message: 'Kode promo: sudah Anda gunakan.' };
  if (promo.maxUses !== null && (all?.n ?? 0) >= promo.maxUses)
    return { ok: false, message: 'Kode promo: kuotanya sudah habis.' };
  const discount = promoDiscount(plan.price, promo);
  return { ok: true, promo, listPrice: plan.price, discount, amount: plan.price - discount };
}
