/**
 * Shared e2e helpers: the `test` every spec uses (it fails a test on any Content-Security-Policy
 * violation in any page it opened), sign in the way a member does (through the /sign-in form), create a
 * fresh member for a story that writes (a real sign-up, verified through the emailed link, optionally
 * paid up to a tier through the Stripe stand-in), and read the mail outbox of the server under test.
 *
 * Stories run on two workers in any order against one server: a story that changes a member's data,
 * sessions or tier uses its own fresh member; only read-only stories use the shared demo accounts.
 */
import { test as base, expect, type Page } from '@playwright/test';
import { randomInt, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
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

/**
 * Waits until the island whose component file starts with `component` has hydrated (Astro removes its
 * `ssr` attribute then): before that, its controls are server-rendered markup that ignores input.
 */
export async function hydrated(page: Page, component: string): Promise<void> {
  const island = page.locator(`astro-island[component-url*="/${component}."]`).first();
  await expect(island).toBeAttached();
  await expect(island).not.toHaveAttribute('ssr');
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

export interface Member {
  email: string;
  password: string;
  name: string;
}

export type PaidTier = 'reguler' | 'premium';

/**
 * POSTs the sign-up form from its own loopback address (127.x.y.z: Linux routes the whole /8 to the
 * loopback device). Sign-ups are limited per client address, as for real visitors; each fresh member
 * signs up from an address of its own, like a separate visitor would.
 */
function postSignUp(baseURL: string, form: Record<string, string>): Promise<{ status: number; body: string }> {
  const url = new URL('/sign-up', baseURL);
  const body = new URLSearchParams(form).toString();
  const localAddress = `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress,
        headers: {
          host: url.host,
          origin: url.origin,
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * A new member of its own for a story that writes: signed up through the real /sign-up form handler,
 * verified through the link in the emailed message, signed in on `page`, and with `tier` paid for one
 * month through the Stripe stand-in's checkout page (gratis when no tier is given).
 */
export async function freshMember(
  page: Page,
  opts: { tier?: PaidTier; name?: string; password?: string } = {},
): Promise<Member> {
  const info = test.info();
  // Two password hashes, three pages and maybe a checkout: time the story's own steps do not have to share.
  if (info.timeout > 0) info.setTimeout(info.timeout + (opts.tier ? 40_000 : 25_000));
  const baseURL = info.project.use.baseURL!;
  const member: Member = {
    email: `anggota-${randomUUID().slice(0, 12)}@contoh.test`,
    password: opts.password ?? 'sate-padang-2026',
    name: opts.name ?? 'Anggota Uji',
  };
  const res = await postSignUp(baseURL, { name: member.name, email: member.email, password: member.password });
  // A successful sign-up answers POST/redirect/GET: 303 back to /sign-up, which shows "Cek email Anda".
  expect(res.status, `sign-up of ${member.email}: ${res.body.slice(0, 200)}`).toBe(303);
  const link = /https?:\/\/\S+verify-email\?token=[\w-]+/.exec((await latestMailTo(member.email)).text)![0];
  await page.goto(link);
  await expect(page.getByText('Email Anda sudah terverifikasi.')).toBeVisible();
  await signIn(page, member.email, member.password);
  if (opts.tier) await payTier(page, opts.tier);
  return member;
}

/** Pays one month of `tier` through the Stripe stand-in's hosted checkout, as a member would. */
export async function payTier(page: Page, tier: PaidTier): Promise<void> {
  await page.goto(`/pay?plan=${tier}-1`);
  await page.getByRole('button', { name: /^Bayar Rp/ }).click();
  await expect(page).toHaveURL(/\/c\/pay\/cs_test_/);
  await page.getByRole('button', { name: 'Bayar', exact: true }).click();
  await expect(page).toHaveURL(/\/payment-capture\?session_id=cs_test_/);
  await expect(page.getByRole('heading', { name: 'Pembayaran berhasil' })).toBeVisible();
}
