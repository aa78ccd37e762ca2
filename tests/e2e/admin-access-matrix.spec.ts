/**
 * The admin console's access matrix (issue #26): anonymous visitors, members of every tier, an admin
 * without a second factor and an admin while impersonating get 404 on every admin route and admin API,
 * for GET and POST alike; only an admin with two factors opens them. The routes are read from
 * `src/pages/admin` (and `src/pages/api/admin`, `src/pages/api/impersonate`), so a new page is covered
 * without editing this file. Runs on a server of its own, whose database holds the demo accounts, an
 * admin who never turned two factors on, and a few admins with them (scripts/lib/admin-pool.ts), one
 * claimed per story.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { PORTS } from '../../playwright.config';
import { openDatabase } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import { loadDemoAccounts, DEMO_PASSWORD } from '../../src/server/demo/accounts';
import { hashPassword } from '../../src/server/auth/password';
import { POOL_FILE } from '../../scripts/lib/demo-cache';
import { seedAdminPool, type PoolManifest } from '../../scripts/lib/member-pool';
import { claimAdmin, DEMO, expect, signInByPost, test } from './fixtures';
import { migratedDataDir } from '../migrated-data-dir';
import { SPEC_SERVER_WASM_FLAGS } from './server-flags';

test.describe.configure({ mode: 'default' });

const PORT = PORTS.adminMatrixServer;
const ORIGIN = `http://127.0.0.1:${PORT}`;
let dataDir = '';
const NO_FACTOR_ADMIN = 'admin-tanpa-2fa@telaah.test';
let server: ChildProcess;
let log = '';
let memberId = '';

/** The URL paths of the route files under `dir` (`index` is the folder; `[id]` is filled in later). */
function routesIn(dir: string, base: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return routesIn(full, `${base}/${name}`);
    if (!/\.(astro|ts|js)$/.test(name) || /\.test\.|\.d\.ts$/.test(name)) return [];
    const route = name.replace(/\.(astro|ts|js)$/, '');
    return [route === 'index' ? base : `${base}/${route}`];
  });
}

/** Every admin page and API on disk, with its parameters filled in. */
function adminRoutes(): string[] {
  return [
    ...routesIn('src/pages/admin', '/admin'),
    ...routesIn('src/pages/api/admin', '/api/admin'),
    ...routesIn('src/pages/api/impersonate', '/api/impersonate'),
    '/impersonate',
    // A search with filters answers as its page does.
    '/admin/anggota?q=anggota&status=aktif&telegram=tidak',
  ].map((r) => r.replace(/\[\.\.\.[^\]]+\]/g, 'x').replace(/\[[^\]]+\]/g, memberId));
}

/** `METHOD path → status` for every admin route, GET and POST (with the page's origin, as a form would). */
async function statuses(page: Page, skip: string[] = []): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const route of adminRoutes()) {
    if (!skip.includes(`GET ${route}`))
      out[`GET ${route}`] = (await page.request.get(route, { maxRedirects: 0 })).status();
    if (skip.includes(`POST ${route}`)) continue;
    const res = await page.request.post(route, {
      form: { intent: 'grant', tier: 'premium', days: '30', reason: 'uji akses', memberId },
      headers: { Origin: ORIGIN },
      maxRedirects: 0,
    });
    out[`POST ${route}`] = res.status();
  }
  return out;
}

const all404 = (s: Record<string, number>) => Object.fromEntries(Object.keys(s).map((k) => [k, 404]));

async function signedIn(browser: Browser, email: string | null, password = DEMO_PASSWORD): Promise<Page> {
  const ctx = await browser.newContext({ baseURL: ORIGIN });
  const page = await ctx.newPage();
  if (email) await signInByPost(page, email, password, ORIGIN);
  else await page.goto('/');
  return page;
}

/** An admin with two factors of the story's own, from the pool this spec's database holds, signed in. */
async function signedInAdmin(browser: Browser): Promise<Page> {
  const admin = claimAdmin(dataDir);
  return signedIn(browser, admin.email, admin.password);
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // The database first (migrated, the demo accounts, an admin without two factors and a few pool admins
  // with them, listed for claimAdmin()), then its server.
  dataDir = await migratedDataDir('telaah-admin-matrix-');
  const h = await openDatabase({ dataDir });
  try {
    const ids = await loadDemoAccounts(h.db, new Date());
    const pool: PoolManifest = {
      password: '',
      name: '',
      members: [],
      admins: await seedAdminPool(h.db, new Date(), 4),
    };
    writeFileSync(path.join(dataDir, POOL_FILE), JSON.stringify(pool));
    memberId = ids.get(DEMO.gratis)!;
    await h.db.insert(users).values({
      email: NO_FACTOR_ADMIN,
      name: 'Admin Tanpa Dua Langkah',
      role: 'admin',
      passwordHash: await hashPassword(DEMO_PASSWORD),
      emailVerifiedAt: new Date(),
    });
  } finally {
    await h.close();
  }
  server = spawn(process.execPath, [...SPEC_SERVER_WASM_FLAGS, 'dist/server/entry.mjs'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      APP_URL: ORIGIN,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      NODE_ENV: 'test',
      AUTH_SECRET: 'e2e-secret-not-for-production-0123456789',
    },
  });
  server.stdout?.on('data', (d) => (log += String(d)));
  server.stderr?.on('data', (d) => (log += String(d)));
  await expect.poll(() => log, { timeout: 30_000 }).toContain('listening');
});

test.afterAll(() => {
  server.kill();
});

test('rute admin dibaca dari src/pages/admin dan terbuka untuk admin dengan dua langkah', async ({ browser }) => {
  const routes = adminRoutes();
  expect(routes).toEqual(
    expect.arrayContaining(['/admin', '/admin/anggota', `/admin/anggota/${memberId}`, '/admin/ringkasan.csv']),
  );
  const admin = await signedInAdmin(browser);
  for (const route of routes.filter((r) => !r.startsWith('/api/'))) {
    expect((await admin.request.get(route, { maxRedirects: 0 })).status(), route).toBe(200);
  }
  await admin.context().close();
});

test('404 di setiap rute admin untuk anonim, anggota, admin tanpa dua langkah, dan admin yang sedang impersonasi', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  for (const who of [null, DEMO.gratis, DEMO.reguler, DEMO.premium, NO_FACTOR_ADMIN]) {
    const page = await signedIn(browser, who);
    // Signed in: signInByPost() checks that the form sent this admin on to no code step.
    const got = await statuses(page);
    expect(got, who ?? 'anonim').toEqual(all404(got));
    await page.context().close();
  }

  // The admin with two factors while impersonating: every route is 404 but the one that ends it.
  const admin = await signedInAdmin(browser);
  await admin.goto(`/impersonate?q=${encodeURIComponent(DEMO.gratis)}`);
  await admin.getByRole('button', { name: 'Masuk sebagai Gita Gratis' }).click();
  await expect(admin.getByRole('button', { name: 'Akhiri impersonasi', exact: true })).toBeVisible();
  const got = await statuses(admin, ['POST /api/impersonate/stop']);
  expect(got, 'admin yang sedang impersonasi').toEqual(all404(got));
  await admin.getByRole('button', { name: 'Akhiri impersonasi', exact: true }).click();
  await expect(admin).toHaveURL(/\/impersonate/);
  await admin.context().close();
});
