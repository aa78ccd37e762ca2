/**
 * Shared e2e helpers: the `test` every spec uses (it fails a test on any Content-Security-Policy
 * violation in any page it opened), sign in the way a member does (through the /sign-in form), and read
 * the mail outbox of the server under test.
 */
import { test as base, expect, type Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export { expect };

const VIOLATION_MARK = '[csp-violation]';

/**
 * Playwright's `test`, plus a watch on every page of the test's browser context: a
 * `securitypolicyviolation` event or a console message about the Content Security Policy fails the
 * test, naming the page and what was blocked.
 */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      await context.addInitScript((mark) => {
        document.addEventListener('securitypolicyviolation', (e) => {
          console.error(
            `${mark} ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`,
          );
        });
      }, VIOLATION_MARK);
      context.on('console', (msg) => {
        const text = msg.text();
        if (text.startsWith(VIOLATION_MARK) || /Content[ -]Security[ -]Policy/i.test(text))
          violations.push(`${msg.location().url}: ${text}`);
      });
      await use(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

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
  await expect
    .poll(
      () =>
        (found = outbox()
          .filter((m) => m.to === to)
          .at(-1)),
      { timeout: 10_000 },
    )
    .toBeTruthy();
  return found!;
}
