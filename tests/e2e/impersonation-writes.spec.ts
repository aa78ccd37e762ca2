import type { Page } from '@playwright/test';
import { DEMO, expect, freshMember, signIn, test } from './fixtures';
import { SUPPORT_WRITABLE_ROUTES } from '../../src/server/auth/support-writes';
import { writeRoutes } from '../write-routes';

// /impersonate lists the 15 newest audit entries, and the sweep over every write route below adds one
// per route open to support: the two stories run one after the other, in one worker, so that the sweep
// never pushes the other story's entries off that list while it reads them.
test.describe.configure({ mode: 'default' });

// Routes that end the admin's own session or impersonation: covered by the accounts story.
const ENDS_SESSION = new Set(['/api/impersonate/stop', '/api/account/sign-out']);

test('admin yang sedang impersonasi ditolak di setiap rute tulis kecuali yang dibuka untuk dukungan', async ({
  page,
}) => {
  await signIn(page, DEMO.admin);
  await page.goto('/impersonate?q=premium%40telaah');
  await page.getByRole('button', { name: 'Masuk sebagai Putri Premium' }).click();
  await expect(page).toHaveURL(/\/portofolio\/all$/);
  const origin = new URL(page.url()).origin;

  const outcomes: string[] = [];
  const expected: string[] = [];
  for (const route of writeRoutes()) {
    if (ENDS_SESSION.has(route.pattern)) continue;
    const open = Object.hasOwn(SUPPORT_WRITABLE_ROUTES, route.pattern);
    for (const method of route.methods) {
      // An empty form or JSON body: an open route answers with its own refusal of the input (and
      // writes nothing); a closed one never runs.
      const res = await page.request.fetch(route.examplePath, {
        method,
        headers: { Origin: origin, 'content-type': 'application/x-www-form-urlencoded' },
        data: '',
        maxRedirects: 0,
      });
      outcomes.push(`${method} ${route.pattern} → ${res.status() === 403 ? 'ditolak' : 'dijalankan'}`);
      expected.push(`${method} ${route.pattern} → ${open ? 'dijalankan' : 'ditolak'}`);
    }
  }
  expect(outcomes).toEqual(expected);
  expect(expected.filter((o) => o.endsWith('ditolak')).length).toBeGreaterThan(5);

  // A refused page shows why, in Indonesian; a refused endpoint says it in JSON.
  const res = await page.request.post('/settings/notification', {
    form: { email_new_call: 'on' },
    headers: { Origin: origin },
  });
  expect(res.status()).toBe(403);
  expect(await res.text()).toContain('Tindakan ini tidak tersedia saat Anda masuk sebagai anggota lain');
  const api = await page.request.post('/api/courses/progress', { data: {}, headers: { Origin: origin } });
  expect(api.status()).toBe(403);
  expect(await api.json()).toEqual({ error: expect.stringContaining('impersonasi') });

  await page.getByRole('button', { name: 'Akhiri' }).click();
  await expect(page).toHaveURL(/\/impersonate$/);
});

/** Starts acting as the member; returns how the audit log names them (`anggota <id prefix>`). */
async function startImpersonating(page: Page, query: string, name: string): Promise<string> {
  await page.goto(`/impersonate?q=${encodeURIComponent(query)}`);
  const button = page.getByRole('button', { name: `Masuk sebagai ${name}` });
  const memberId = await page.locator('form', { has: button }).locator('input[name="memberId"]').inputValue();
  await button.click();
  return `anggota ${memberId.slice(0, 8)}`;
}

test('admin masuk sebagai anggota, melihat spanduk, aksi sensitif ditolak, log audit tercatat, lalu berhenti', async ({
  page,
  browser,
}) => {
  const target = await freshMember(await browser.newPage(), { name: 'Gina Dibantu' });
  await signIn(page, DEMO.admin);
  const member = await startImpersonating(page, target.email, 'Gina Dibantu');
  await expect(page).toHaveURL(/\/portofolio\/all$/);
  const banner = page.getByRole('status').filter({ hasText: 'Anda sedang masuk sebagai' });
  await expect(banner).toContainText('Gina Dibantu');
  await expect(banner.getByRole('button', { name: 'Akhiri' })).toBeVisible();

  // The banner shows on a pre-rendered page too.
  await page.goto('/courses');
  await expect(page.getByText('Anda sedang masuk sebagai')).toBeVisible();

  // Sensitive actions are refused while impersonating.
  const pay = await page.goto('/pay?plan=reguler-1');
  expect(pay?.status()).toBe(403);
  await expect(page.getByText('Tindakan ini tidak tersedia saat Anda masuk sebagai anggota lain')).toBeVisible();
  const origin = new URL(page.url()).origin;
  const del = await page.request.post('/settings/account', {
    form: { intent: 'delete', confirm: target.email },
    headers: { Origin: origin },
    maxRedirects: 0,
  });
  expect(del.status()).toBe(403);
  // A permitted write (the name) is audited with both ids.
  await page.goto('/settings/account');
  await page.getByLabel('Nama', { exact: true }).fill('Gina Dibantu Admin');
  await page.getByRole('button', { name: 'Simpan nama' }).click();
  await expect(page.getByText('Nama Anda sudah diperbarui.')).toBeVisible();

  await page.getByRole('button', { name: 'Akhiri' }).click();
  await expect(page).toHaveURL(/\/impersonate$/);
  await expect(page.getByText('Anda sedang masuk sebagai')).toHaveCount(0);
  const log = page.locator('main ul.small li').filter({ hasText: member });
  await expect(log.filter({ hasText: 'mulai' }).first()).toBeVisible();
  await expect(log.filter({ hasText: 'diakhiri' }).first()).toBeVisible();
  await expect(
    log.filter({ hasText: 'perubahan data' }).filter({ hasText: 'POST /settings/account' }).first(),
  ).toBeVisible();
});
