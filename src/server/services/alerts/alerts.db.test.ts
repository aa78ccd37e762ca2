import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDb } from '../../../../tests/db';
import {
  ALERTS_NOW as NOW,
  closeAt,
  createAlertsDb,
  evaluateAtAlertsNow,
  premiumCall,
} from '../../../../tests/factories/alerts';
import { createUser, grantTier } from '../../../../tests/factories/users';
import { alertEvents, alerts, dailyPrices, corporateActions, telegramLinks } from '../../db/schema';
import type { Mail } from '../../integrations/mail';
import type { LatestCall } from '../../content/latest-calls';
import type { CatalogAnalysis } from '../notifications/catalog';
import { createAlert, deleteAlert, listAlerts } from './manage';
import { syncResearchCalls } from './calls';
import { deliverAlerts } from './deliver';
import { listNotices, markNoticesRead, unreadNoticeCount } from './notices';
import { eq } from 'drizzle-orm';

const asLatest = (a: CatalogAnalysis): LatestCall => ({
  ticker: a.ticker!,
  title: a.title,
  href: a.path,
  date: a.date,
  tier: a.tier,
  rating: a.rating!,
  targetPrice: a.targetPrice ?? null,
  fairValue: a.fairValue ?? null,
});

describe('alerts', () => {
  let h: TestDb;
  let premium: { id: string };
  let gratis: { id: string };
  const mails: Mail[] = [];
  const telegrams: { chatId: number; text: string }[] = [];
  const senders = {
    mail: async (m: Mail) => void mails.push(m),
    telegram: async (chatId: number, text: string) => void telegrams.push({ chatId, text }),
  };
  const evaluate = () => evaluateAtAlertsNow(h.db);
  const run = async () => {
    const e = await evaluate();
    const d = await deliverAlerts(h.db, senders, { now: NOW, appUrl: 'https://telaah.test' });
    return { e, d };
  };

  beforeAll(async () => {
    h = await createAlertsDb();
    premium = await createUser(h.db);
    gratis = await createUser(h.db);
    await grantTier(h.db, premium.id, 'premium', new Date('2026-01-01'), new Date('2027-01-01'));
    await h.db.insert(telegramLinks).values({
      userId: premium.id,
      telegramUserId: 777,
      firstName: 'Uji',
      via: 'start',
      linkedAt: NOW,
    });
    await syncResearchCalls(h.db, [premiumCall]);
  });
  afterAll(() => h?.close());

  it('snaps a price level to the grid and says the step', async () => {
    const r = await createAlert(
      h.db,
      { id: premium.id, tier: 'premium' },
      { code: 'bbca', kind: 'price_above', level: '9.810', pct: '' },
      undefined,
    );
    expect(r).toMatchObject({ ok: true });
    expect(r.ok && r.message).toContain('Rp 9.825 (fraksi Rp 25, disesuaikan dari 9.810)');
    expect((await listAlerts(h.db, premium.id)).map((a) => [a.ticker, a.kind, a.level])).toEqual([
      ['BBCA', 'price_above', 9_825],
    ]);
  });

  it('refuses bad input naming the field, and a target alert above the member’s tier', async () => {
    const gm = { id: gratis.id, tier: 'gratis' as const };
    expect(
      await createAlert(h.db, gm, { code: 'ZZZZZ', kind: 'price_above', level: '1', pct: '' }, undefined),
    ).toMatchObject({
      ok: false,
      status: 400,
      field: 'code',
    });
    expect(
      await createAlert(h.db, gm, { code: 'BBCA', kind: 'price_above', level: 'abc', pct: '' }, undefined),
    ).toMatchObject({
      ok: false,
      field: 'level',
    });
    expect(await createAlert(h.db, gm, { code: 'BBCA', kind: 'move', level: '', pct: '90' }, undefined)).toMatchObject({
      ok: false,
      field: 'pct',
    });
    const locked = await createAlert(
      h.db,
      gm,
      { code: 'BBCA', kind: 'target', level: '', pct: '' },
      asLatest(premiumCall),
    );
    expect(locked).toMatchObject({ ok: false, status: 403 });
    expect(JSON.stringify(locked)).not.toContain('10.000');
  });

  it('limits the number of alerts by tier', async () => {
    const member = await createUser(h.db);
    for (let i = 0; i < 5; i++) {
      expect(
        await createAlert(
          h.db,
          { id: member.id, tier: 'gratis' },
          { code: 'GOTO', kind: 'move', level: '', pct: String(i + 2) },
          undefined,
        ),
      ).toMatchObject({ ok: true });
    }
    const sixth = await createAlert(
      h.db,
      { id: member.id, tier: 'gratis' },
      { code: 'GOTO', kind: 'move', level: '', pct: '9' },
      undefined,
    );
    expect(sixth).toMatchObject({ ok: false, status: 409 });
  });

  it('fires a price and a target alert once, groups them in one message per channel, and re-arms on the way back', async () => {
    await createAlert(
      h.db,
      { id: premium.id, tier: 'premium' },
      { code: 'BBCA', kind: 'target', level: '', pct: '' },
      asLatest(premiumCall),
    );
    // A gratis member who somehow holds a target alert on the premium call (e.g. after a lapse) gets nothing.
    await h.db.insert(alerts).values({ userId: gratis.id, ticker: 'BBCA', kind: 'target' });

    await h.db.insert(dailyPrices).values(closeAt('BBCA', '2026-11-23', 10_050));
    const first = await run();
    expect(first.e.fired).toMatchObject({ price_above: 1, target: 1 });
    expect(mails.map((m) => m.subject)).toEqual(['Alert Telaah: BBCA']);
    expect(telegrams).toHaveLength(1);
    expect(telegrams[0]!.chatId).toBe(777);
    for (const text of [mails[0]!.text, telegrams[0]!.text]) {
      expect(text).toContain('BBCA ditutup Rp 10.050 pada 23 November 2026, di atas atau sama dengan batas Rp 9.825.');
      expect(text).toContain('target harga Rp 10.000 dari analisis “Uji BBCA” tercapai');
    }
    expect(await listNotices(h.db, gratis.id)).toEqual([]);

    const again = await run();
    expect(Object.values(again.e.fired).reduce((a, b) => a + b)).toBe(0);
    expect(again.d.notices).toBe(0);
    expect(mails).toHaveLength(1);
    expect(telegrams).toHaveLength(1);

    // The price goes back below both: both re-arm; crossing again fires again.
    await h.db.insert(dailyPrices).values(closeAt('BBCA', '2026-11-24', 9_700));
    const back = await run();
    expect(back.e.rearmed).toBe(2);
    expect((await listAlerts(h.db, premium.id)).every((a) => a.armed)).toBe(true);
    await h.db.insert(dailyPrices).values(closeAt('BBCA', '2026-11-25', 9_900));
    const up = await run();
    expect(up.e.fired.price_above).toBe(1);
    expect(up.e.fired.target).toBe(0);
    expect(mails).toHaveLength(2);
  });

  it('fires day moves once per day, new analyses and cum dates ahead once each', async () => {
    const m = await createUser(h.db);
    const member = { id: m.id, tier: 'gratis' as const };
    await createAlert(h.db, member, { code: 'BBRI', kind: 'move', level: '', pct: '5' }, undefined);
    await createAlert(h.db, member, { code: 'BBRI', kind: 'analysis', level: '', pct: '' }, undefined);
    await createAlert(h.db, member, { code: 'BBRI', kind: 'cum_date', level: '', pct: '' }, undefined);
    await h.db.insert(dailyPrices).values(closeAt('BBRI', '2026-11-25', 4_500)); // +7,1 % on 4 200
    await h.db.insert(corporateActions).values({
      ticker: 'BBRI',
      type: 'dividend',
      cumDate: '2026-11-26',
      exDate: '2026-11-27',
      amount: '100',
    });
    await syncResearchCalls(h.db, [
      premiumCall,
      {
        ...premiumCall,
        id: 'BBRI/baru',
        ticker: 'BBRI',
        title: 'BBRI baru',
        path: '/analisis/BBRI/baru',
        tier: 'gratis',
      },
    ]);
    const e = await evaluate();
    expect(e.fired).toMatchObject({ move: 1, analysis: 1, cum_date: 1 });
    expect((await evaluate()).fired).toMatchObject({ move: 0, analysis: 0, cum_date: 0 });
    const texts = (await listNotices(h.db, m.id)).map((n) => n.text).sort();
    expect(texts).toEqual([
      'Analisis baru untuk BBRI: “BBRI baru”.',
      'BBRI bergerak +7,1 % pada 25 November 2026 (dari Rp 4.200 ke Rp 4.500).',
      'Cum date dividen BBRI jatuh pada 26 November 2026; beli paling lambat hari itu untuk berhak atas dividen.',
    ]);
  });

  it('shows, counts and marks read only the member’s own notices; deletes only their own alerts', async () => {
    const own = await unreadNoticeCount(h.db, premium.id);
    expect(own).toBeGreaterThan(0);
    expect(await markNoticesRead(h.db, gratis.id, NOW)).toBe(0);
    expect(await unreadNoticeCount(h.db, premium.id)).toBe(own);
    const [a] = await listAlerts(h.db, premium.id);
    expect(await deleteAlert(h.db, gratis.id, a!.id)).toMatchObject({ ok: false, status: 404 });
    expect(await deleteAlert(h.db, gratis.id, 'not-a-uuid')).toMatchObject({ ok: false, status: 404 });
    expect((await listAlerts(h.db, premium.id)).some((x) => x.id === a!.id)).toBe(true);
    expect(await deleteAlert(h.db, premium.id, a!.id)).toMatchObject({ ok: true });
    expect(await markNoticesRead(h.db, premium.id, NOW)).toBe(own);
    const rows = await h.db.select().from(alertEvents).where(eq(alertEvents.userId, premium.id));
    expect(rows.every((r) => r.readAt !== null)).toBe(true);
  });
});
