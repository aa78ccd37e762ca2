import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../tests/db';
import { createUser } from '../../tests/factories/users';
import { wibDate } from '../../src/domain/dates';
import { now } from '../../src/server/clock';
import type { DbHandle } from '../../src/server/db/client';
import { transactions, users } from '../../src/server/db/schema';
import { addTransaction, computeFor, listPortfolios, loadPortfolioData } from '../../src/server/services/portfolio';
import { loadDemo } from './demo';

describe('demo data with sample portfolios', () => {
  let h: DbHandle;
  const today = wibDate(now());
  const idOf = async (email: string) => (await h.db.select().from(users).where(eq(users.email, email)))[0]!.id;

  beforeAll(async () => {
    h = await createTestDb();
    await loadDemo(h);
  }, 120_000);
  afterAll(() => h.close());

  it.each(['premium@telaah.test', 'reguler@telaah.test', 'gratis@telaah.test'])(
    'gives %s a consistent portfolio with sells, holdings and dividends',
    async (email) => {
      const data = (await loadPortfolioData(h.db, await idOf(email), { asOf: today }))!;
      const report = computeFor(data);
      expect(report.issues).toEqual([]);
      expect(data.input.transactions.some((t) => t.type === 'sell')).toBe(true);
      expect(report.holdings.combined.length).toBeGreaterThanOrEqual(2);
      expect(report.dividends.received.net).toBeGreaterThan(0);
      expect(report.realised.sells.length).toBeGreaterThan(0);
      expect(data.input.transactions.every((t) => t.date <= today && t.date >= data.input.transactions[0]!.date)).toBe(
        true,
      );
    },
  );

  it('gives premium two portfolios, the BBNI split and upcoming dividends; the admin none', async () => {
    const premium = await idOf('premium@telaah.test');
    expect((await listPortfolios(h.db, premium)).map((p) => p.name)).toEqual(['Sekuritas A', 'Dividen']);
    const report = computeFor((await loadPortfolioData(h.db, premium, { asOf: today }))!);
    expect(report.dividends.upcoming.net).toBeGreaterThan(0);
    // 20 lots bought before the 1:2 split, half sold after it: 2 000 shares left.
    expect(report.holdings.combined.find((x) => x.ticker === 'BBNI')?.shares).toBe(2_000);
    expect(await listPortfolios(h.db, await idOf('admin@telaah.test'))).toEqual([]);
  });

  it('refuses to reload the market over another member’s trades, keeping them and the sample portfolios', async () => {
    const member = await createUser(h.db);
    const added = await addTransaction(
      h.db,
      member.id,
      null,
      { date: today, ticker: 'BBCA', type: 'beli', shares: '100', price: '9000' },
      { today },
    );
    expect(added.ok).toBe(true);
    await expect(loadDemo(h)).rejects.toThrow('Demo market not reloaded');
    expect(await h.db.select().from(transactions).where(eq(transactions.ticker, 'BBCA'))).not.toHaveLength(0);
    const mine = await loadPortfolioData(h.db, member.id, { asOf: today });
    expect(mine!.input.transactions).toHaveLength(1);
    expect((await listPortfolios(h.db, await idOf('premium@telaah.test'))).length).toBe(2);
  });
});
