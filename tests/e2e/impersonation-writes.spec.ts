import { expect, signInAdminByPost, test } from './fixtures';
import { SUPPORT_WRITABLE_ROUTES } from '../../src/server/auth/support-writes';
import { isAdminRoute } from '../../src/server/auth/admin-routes';
import { writeRoutes } from '../write-routes';

// Routes that end the admin's own session or impersonation: covered by the accounts story.
const ENDS_SESSION = new Set(['/api/impersonate/stop', '/api/account/sign-out']);

test('admin yang sedang impersonasi ditolak di setiap rute tulis kecuali yang dibuka untuk dukungan', async ({
  page,
}) => {
  await signInAdminByPost(page);
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
      // The admin console and its APIs answer an impersonating admin 404, as if they did not exist (decision 0026).
      const refusal = isAdminRoute(route.pattern) ? 404 : 403;
      outcomes.push(`${method} ${route.pattern} → ${res.status() === refusal ? 'ditolak' : 'dijalankan'}`);
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
