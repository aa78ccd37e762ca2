/**
 * Shared e2e helpers: the `test` every spec uses (it fails a test on any Content-Security-Policy
 * violation in any page it opened), sign in the way a member does (through the /sign-in form), hand a
 * story that writes a fresh member of its own (from the pool of verified members seeded before the server
 * started, or a real sign-up verified through the emailed link and optionally paid up to a tier through
 * the Stripe stand-in), hand a story an admin of its own with two factors (claimAdmin(), signInAdmin(), from
 * the pool of admins seeded with the members), and read the mail outbox of the server under test.
 *
 * Stories run on two workers in any order against one server: a story that changes a member's data,
 * sessions or tier uses its own fresh member; only read-only stories use the shared demo accounts. Every
 * admin story claims a pool admin: a TOTP code works once per account, so stories sharing one admin would
 * race for each 30-second step. Only the `akun demo` stories (accounts.spec.ts) sign in as the demo admin.
 */
import { test as base, expect, type Page } from '@playwright/test';
import { randomInt, randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { adminPoolSecret } from '../../scripts/lib/admin-pool';
import { POOL_FILE } from '../../scripts/lib/demo-cache';

export { expect };

const VIOLATION_MARK = '[csp-violation]';

/**
 * Playwright's `test`, plus a watch on every page of the test's browser context (when it opens one): a
 * `securitypolicyviolation` event or a console message about the Content Security Policy fails the
 * test, naming the page and what was blocked. `member`, `regulerMember` and `premiumMember` hand the story
 * a fresh member of its own of that tier, signed in on `page` (see freshMember()).
 */
export const test = base.extend<{
  cspViolations: string[];
  member: Member;
  regulerMember: Member;
  premiumMember: Member;
}>({
  // Playwright reads a fixture's dependencies from its first parameter's pattern: this one has none.
  // eslint-disable-next-line no-empty-pattern
  cspViolations: async ({}, use) => use([]),
  // The watch is on the story's browser context, so it exists only when the story opens one (its `page` or
  // `context`): a story that only sends requests (`request`) starts no browser context at all.
  context: async ({ context, cspViolations: violations }, use) => {
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
    await use(context);
    expect(violations, 'Content-Security-Policy violations').toEqual([]);
  },
  member: async ({ page }, use) => use(await freshMember(page)),
  regulerMember: async ({ page }, use) => use(await freshMember(page, { tier: 'reguler' })),
  premiumMember: async ({ page }, use) => use(await freshMember(page, { tier: 'premium' })),
});

export const DEMO_PASSWORD = 'telaah-demo';
export const DEMO = {
  admin: 'admin@telaah.test',
  premium: 'premium@telaah.test',
  reguler: 'reguler@telaah.test',
  gratis: 'gratis@telaah.test',
} as const;

/** The demo admin's published TOTP secret (src/server/demo/accounts.ts): admins sign in with two factors. */
export const DEMO_ADMIN_TOTP_SECRET = 'KRSWYYLBNBAWI3LJNZSGK3LPEBQWI3LJ';

/** The TOTP code of `secret` for the 30-second step `offset` steps from now. */
export function totpNow(secret: string, offset = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offset * 30_000,
  });
}

/**
 * Tries of the code step before giving up. Each story signs in as an admin of its own (claimAdmin()), so
 * the first code normally works: the server accepts the step before and after its own, so a step that
 * rolls over mid-submit still passes. A code is refused when its step was already used on this account
 * (a second sign-in in the same 30 s, or an enrolment's code): the next try takes the next step, waiting for
 * it when it is not yet accepted. Four tries cover a refusal, a wait and one more refusal.
 */
const ADMIN_CODE_ATTEMPTS = 4;

/** The newest TOTP step each account (origin and secret) accepted from this worker. */
const stepsTaken = new Map<string, number>();

const stepOf = (ms: number) => Math.floor(ms / 30_000);

/**
 * The code to answer next for `account` (its origin and secret): the current step's, or the one after the
 * newest step this worker saw it take, waiting for the authenticator's next step when that one is not yet
 * accepted. The wait is added to the story's time budget.
 */
async function nextCode(account: string, secret: string): Promise<{ code: string; step: number }> {
  const taken = stepsTaken.get(account) ?? 0;
  let now = Date.now();
  // The server accepts a step up to one ahead of its own: wait until step `taken` has begun.
  if (stepOf(now) < taken) {
    const ms = taken * 30_000 - now + 200;
    const info = test.info();
    if (info.timeout > 0) info.setTimeout(info.timeout + ms);
    await new Promise((r) => setTimeout(r, ms));
    now = Date.now();
  }
  const step = Math.max(stepOf(now), taken + 1);
  const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: step * 30_000,
  });
  return { code, step };
}

/**
 * Answers the code step of a sign-in with a code of `secret`; a refused code is followed by the next
 * step's (see ADMIN_CODE_ATTEMPTS).
 */
export async function enterSecondFactor(page: Page, secret: string): Promise<void> {
  const account = `${new URL(page.url()).origin} ${secret}`;
  for (let attempt = 0; attempt < ADMIN_CODE_ATTEMPTS; attempt++) {
    const { code, step } = await nextCode(account, secret);
    stepsTaken.set(account, step);
    await page.getByLabel('Kode', { exact: true }).fill(code);
    const answer = page.waitForResponse(
      (r) => r.url().includes('/sign-in/two-factor') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Verifikasi' }).click();
    if ((await answer).status() === 303) return;
    // Signed in after all (the answer seen was not the one that moved the page on).
    await page.waitForLoadState();
    if (!new URL(page.url()).pathname.startsWith('/sign-in/two-factor')) return;
    await expect(page.getByRole('alert')).toBeVisible();
  }
  throw new Error('The second factor was refused every time');
}

/**
 * The code step for a sign-in made outside a browser (`cookie`: the session cookie the password step
 * set), retried as enterSecondFactor() does.
 */
export async function postSecondFactor(baseURL: string, cookie: string, secret: string): Promise<void> {
  await answerCodeStep(baseURL, secret, async (code) => {
    const res = await fetch(`${baseURL}/sign-in/two-factor`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: baseURL, cookie },
      body: new URLSearchParams({ code }),
      redirect: 'manual',
    });
    await res.arrayBuffer();
    return res.status;
  });
}

/** Posts codes of `secret` through `post` (which answers the status) until one is taken (303). */
async function answerCodeStep(baseURL: string, secret: string, post: (code: string) => Promise<number>): Promise<void> {
  const account = `${new URL(baseURL).origin} ${secret}`;
  for (let attempt = 0; attempt < ADMIN_CODE_ATTEMPTS; attempt++) {
    const { code, step } = await nextCode(account, secret);
    stepsTaken.set(account, step);
    if ((await post(code)) === 303) return;
  }
  throw new Error('The second factor was refused every time');
}

/** An admin with two factors on: the address and password to sign in with, and the TOTP secret. */
export interface Admin extends Member {
  totpSecret: string;
}

/** The demo admin as `npm start` loads it (password `telaah-demo`, the published TOTP secret). */
const DEMO_ADMIN: Admin = {
  email: DEMO.admin,
  password: DEMO_PASSWORD,
  name: 'Admin Telaah',
  totpSecret: DEMO_ADMIN_TOTP_SECRET,
};

/** The admins claimed in this worker, by address: signIn() answers their code step. */
const claimedAdmins = new Map<string, Admin>([[DEMO_ADMIN.email, DEMO_ADMIN]]);

/**
 * Takes an admin of the pool (scripts/lib/admin-pool.ts) that no story has taken yet, in this worker or
 * another, of the server whose data folder is `dataDir` (the suite's by default; a spec's own server
 * started on a copy of the demo database has the pool too). Claimed as freshMember() claims members; an
 * admin is the story's alone for the run, so its sign-ins compete with no other story's for a TOTP step.
 * Throws when the server has no pool or the pool is used up (raise ADMIN_POOL_SIZE).
 */
export function claimAdmin(dataDir = process.env.E2E_DATA_DIR ?? ''): Admin {
  const pool = readPool(dataDir);
  if (!pool) throw new Error(`No e2e pool in ${dataDir}: start the server on scripts/e2e-data.ts's database`);
  const claims = path.join(dataDir, 'e2e-pool-claims');
  mkdirSync(claims, { recursive: true });
  for (const a of pool.admins ?? []) {
    try {
      writeFileSync(path.join(claims, a.email), test.info().titlePath.join(' › '), { flag: 'wx' });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw err;
    }
    const admin = { ...a, totpSecret: adminPoolSecret(a.email) };
    claimedAdmins.set(admin.email, admin);
    return admin;
  }
  throw new Error(`The admin pool of ${dataDir} is used up: raise ADMIN_POOL_SIZE (scripts/lib/admin-pool.ts)`);
}

/**
 * An admin of the story's own (claimAdmin()), signed in on `page` through the form and its code step,
 * landing on `callbackUrl` when given. `dataDir`: the data folder of the server `page` is on, when it is a
 * spec's own.
 */
export async function signInAdmin(page: Page, opts: { callbackUrl?: string; dataDir?: string } = {}): Promise<Admin> {
  const admin = claimAdmin(opts.dataDir);
  await signIn(page, admin.email, admin.password, opts.callbackUrl);
  return admin;
}

/** An admin of the story's own (claimAdmin()), signed in by posting the forms (signInByPost()). */
export async function signInAdminByPost(page: Page): Promise<Admin> {
  const admin = claimAdmin();
  await signInByPost(page, admin.email, admin.password);
  return admin;
}

/**
 * Signs in through the form and waits until the member has landed; for an admin (the demo admin, or one
 * this story claimed) it answers the code step too.
 */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD, callbackUrl?: string): Promise<void> {
  await page.goto(callbackUrl ? `/sign-in?callbackUrl=${encodeURIComponent(callbackUrl)}` : '/sign-in');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Kata sandi', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
  const admin = claimedAdmins.get(email);
  if (admin) {
    await expect(page).toHaveURL(/\/sign-in\/two-factor/);
    await enterSecondFactor(page, admin.totpSecret);
  }
  await expect(page).not.toHaveURL(/\/sign-in/);
}

/**
 * Signs in by posting the /sign-in form (and, for an admin this story claimed, its code step) from the page's
 * browser context, without loading the form: for stories about what a signed-in member sees, not about
 * signing in (the sign-in stories use signIn()). Answers where the form sends the member on.
 */
export async function signInByPost(
  page: Page,
  email: string,
  password = DEMO_PASSWORD,
  origin = new URL(test.info().project.use.baseURL!).origin,
): Promise<string> {
  const landing = await postForm(page, '/sign-in', { email, password }, origin);
  const admin = claimedAdmins.get(email);
  if (!admin) {
    expect(landing, `sign-in of ${email}`).not.toMatch(/\/sign-in/);
    return landing;
  }
  expect(landing).toMatch(/\/sign-in\/two-factor/);
  let next = '/';
  await answerCodeStep(origin, admin.totpSecret, async (code) => {
    const res = await page.request.post('/sign-in/two-factor', {
      form: { code },
      headers: { origin },
      maxRedirects: 0,
    });
    next = res.headers()['location'] ?? '/';
    return res.status();
  });
  expect(next).not.toMatch(/\/sign-in/);
  return next;
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

/**
 * Messages the server wrote to DATA_DIR/outbox (no SMTP in e2e), oldest first; `dataDir`: a server of
 * the spec's own instead of the suite's.
 */
export function outbox(dataDir = process.env.E2E_DATA_DIR ?? ''): OutboxMail[] {
  const dir = path.join(dataDir, 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return files.map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as OutboxMail);
}

/** The newest message to `to`, waiting for it to arrive. */
export async function latestMailTo(to: string, dataDir?: string): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      () =>
        (found = outbox(dataDir)
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
export function postSignUp(
  baseURL: string,
  form: Record<string, string>,
  search = '',
): Promise<{ status: number; body: string }> {
  const url = new URL(`/sign-up${search}`, baseURL);
  const body = new URLSearchParams(form).toString();
  const localAddress = `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: url.port,
        path: url.pathname + url.search,
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

/** A member of the pool (scripts/lib/member-pool.ts), as DATA_DIR/e2e-pool.json lists it. */
interface PoolMember extends Member {
  tier: 'gratis' | PaidTier;
}

/** DATA_DIR/e2e-pool.json: the pool's members and admins (scripts/lib/member-pool.ts). */
interface Pool {
  members: PoolMember[];
  admins?: Member[];
}

const pools = new Map<string, Pool | null>();

/** The pool of the server whose data folder is `dataDir`, or null when it was started without one. */
function readPool(dataDir: string): Pool | null {
  if (!pools.has(dataDir)) {
    try {
      pools.set(dataDir, JSON.parse(readFileSync(path.join(dataDir, POOL_FILE), 'utf8')) as Pool);
    } catch {
      pools.set(dataDir, null);
    }
  }
  return pools.get(dataDir)!;
}

/** The pool's members, or null when the server under test was started without one. */
function poolMembers(): PoolMember[] | null {
  return readPool(process.env.E2E_DATA_DIR ?? '')?.members ?? null;
}

/**
 * Takes a member of `tier` from the pool that no story has taken yet, in this worker or another: a claim is a
 * file created exclusively (`wx`) under DATA_DIR/e2e-pool-claims. Null when the pool has none left.
 */
function claimPoolMember(tier: 'gratis' | PaidTier): Member | null {
  const members = poolMembers();
  if (!members) return null;
  const claims = path.join(process.env.E2E_DATA_DIR ?? '', 'e2e-pool-claims');
  mkdirSync(claims, { recursive: true });
  for (const m of members) {
    if (m.tier !== tier) continue;
    try {
      writeFileSync(path.join(claims, m.email), test.info().titlePath.join(' › '), { flag: 'wx' });
      return { email: m.email, password: m.password, name: m.name };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  return null;
}

/** POSTs a form of the site as the page's browser context (its cookies), from the site's own origin. */
async function postForm(
  page: Page,
  pathname: string,
  form: Record<string, string>,
  origin = new URL(test.info().project.use.baseURL!).origin,
): Promise<string> {
  const res = await page.request.post(pathname, { form, headers: { origin }, maxRedirects: 0 });
  expect(res.status(), `POST ${pathname}: ${(await res.text()).slice(0, 300)}`).toBe(303);
  return res.headers()['location'] ?? '/';
}

/**
 * A new member of its own for a story that writes, signed in on `page`: a verified member of `tier` (gratis
 * when none is given) from the pool seeded before the server started (scripts/lib/member-pool.ts; a paid
 * tier is one month paid by card through the Stripe stand-in's provider), signed in by posting the
 * /sign-in form, landing where that form lands. A `name` or `password` of the story's own is set through the
 * account settings form. When the pool has no member left (or the server has none, or E2E_MEMBER_POOL=off
 * to compare), the member signs up as signUpMember() does. Reports show the set-up as one step.
 * `server`: a server of the spec's own (its origin and data folder) instead of the suite's; `page` must have
 * it as its base URL. Such a server has no pool: its members sign up.
 */
export async function freshMember(
  page: Page,
  opts: { tier?: PaidTier; name?: string; password?: string; server?: { origin: string; dataDir: string } } = {},
): Promise<Member> {
  const pooled = process.env.E2E_MEMBER_POOL === 'off' || opts.server ? null : claimPoolMember(opts.tier ?? 'gratis');
  if (!pooled) return signUpMember(page, opts);
  return test.step(`fresh ${opts.tier ?? 'gratis'} member from the pool`, () => signInPoolMember(page, pooled, opts), {
    box: true,
  });
}

async function signInPoolMember(
  page: Page,
  pooled: Member,
  opts: { name?: string; password?: string },
): Promise<Member> {
  const info = test.info();
  // Up to three password hashes on the server (sign-in, a new password): time the story's own steps keep.
  if (info.timeout > 0) info.setTimeout(info.timeout + 10_000);
  const member = { ...pooled };
  const landing = await postForm(page, '/sign-in', { email: member.email, password: member.password });
  if (opts.name && opts.name !== member.name) {
    await postForm(page, '/settings/account', { intent: 'name', name: opts.name });
    member.name = opts.name;
  }
  if (opts.password && opts.password !== member.password) {
    await postForm(page, '/settings/account', {
      intent: 'password',
      currentPassword: member.password,
      newPassword: opts.password,
    });
    member.password = opts.password;
  }
  await page.goto(landing);
  await expect(page).not.toHaveURL(/\/sign-in/);
  return member;
}

/**
 * A new member of its own that signs up through the real /sign-up form handler, verified through the
 * link in the emailed message, signed in on `page`, and with `tier` paid for one month through the Stripe
 * stand-in's checkout page (gratis when no tier is given). Slower than freshMember(): for stories about
 * signing up, verifying or paying, and when the pool is used up.
 */
export function signUpMember(
  page: Page,
  opts: { tier?: PaidTier; name?: string; password?: string; server?: { origin: string; dataDir: string } } = {},
): Promise<Member> {
  return test.step(`fresh ${opts.tier ?? 'gratis'} member signed up`, () => signUpThroughForms(page, opts), {
    box: true,
  });
}

async function signUpThroughForms(
  page: Page,
  opts: { tier?: PaidTier; name?: string; password?: string; server?: { origin: string; dataDir: string } },
): Promise<Member> {
  const info = test.info();
  // Two password hashes, three pages and maybe a checkout: time the story's own steps do not have to share.
  if (info.timeout > 0) info.setTimeout(info.timeout + (opts.tier ? 40_000 : 25_000));
  const baseURL = opts.server?.origin ?? info.project.use.baseURL!;
  const member: Member = {
    email: `anggota-${randomUUID().slice(0, 12)}@contoh.test`,
    password: opts.password ?? 'sate-padang-2026',
    name: opts.name ?? 'Anggota Uji',
  };
  const res = await postSignUp(baseURL, { name: member.name, email: member.email, password: member.password });
  // A successful sign-up answers POST/redirect/GET: 303 back to /sign-up, which shows "Cek email Anda".
  expect(res.status, `sign-up of ${member.email}: ${res.body.slice(0, 200)}`).toBe(303);
  const link = /https?:\/\/\S+verify-email\?token=[\w-]+/.exec(
    (await latestMailTo(member.email, opts.server?.dataDir)).text,
  )![0];
  await page.goto(link);
  await expect(page.getByText('Email Anda sudah terverifikasi.')).toBeVisible();
  await signIn(page, member.email, member.password);
  if (opts.tier) await payTier(page, opts.tier);
  return member;
}

/** Pays one month of `tier` through the Stripe stand-in's hosted checkout, as a member would. */
async function payTier(page: Page, tier: PaidTier): Promise<void> {
  await page.goto(`/pay?plan=${tier}-1`);
  // QRIS (Midtrans) is preselected where both are offered.
  await page.getByRole('radio', { name: /Kartu kredit/ }).check();
  await page.getByRole('button', { name: /^Bayar Rp/ }).click();
  await expect(page).toHaveURL(/\/c\/pay\/cs_test_/);
  await page.getByRole('button', { name: 'Bayar', exact: true }).click();
  await expect(page).toHaveURL(/\/payment-capture\?session_id=cs_test_/);
  await expect(page.getByRole('heading', { name: 'Pembayaran berhasil' })).toBeVisible();
}
