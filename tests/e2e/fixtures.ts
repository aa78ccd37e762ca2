/**
 * Shared e2e helpers: sign in the way a member does (through the /sign-in form), and read the
 * mail outbox of the server under test.
 */
import { expect, type Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const DEMO_PASSWORD = 'telaah-demo';
export const DEMO = {
  admin: 'admin@telaah.test',
  premium: 'premium@telaah.test',
  reguler: 'reguler@telaah.test',
  gratis: 'gratis@telaah.test',
} as const;

/** Signs in through the form and waits until the member has landed. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD, callbackUrl?: string): Promise<void> {
  await page.goto(callbackUrl ? `/sign-in?callbackUrl=${encodeURIComponent(callbackUrl)}` : '/sign-in');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Kata sandi', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
  await expect(page).not.toHaveURL(/\/sign-in/);
}

export async function signOut(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Keluar' }).click();
  await expect(page.getByRole('link', { name: 'Masuk' })).toBeVisible();
}

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Messages the server wrote to DATA_DIR/outbox (no SMTP in e2e), oldest first. */
export function outbox(): OutboxMail[] {
  const dir = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return files.map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as OutboxMail);
}

/** The newest message to `to`, waiting for it to arrive. */
export async function latestMailTo(to: string): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect.poll(() => (found = outbox().filter((m) => m.to === to).at(-1)), { timeout: 10_000 }).toBeTruthy();
  return found!;
}
