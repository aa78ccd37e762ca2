import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { OIDC_CLIENT } from './tests/stand-ins/oidc';
import { TELEGRAM_E2E } from './tests/e2e/telegram-env';
import { E2E_SERVER_NODE_FLAGS } from './tests/e2e/server-flags';
import { chromiumPath } from './scripts/lib/chromium.mjs';

const PORT = Number(process.env.E2E_PORT ?? 4329);
/**
 * Ports of the app, of the local stand-ins for outside services and of the extra servers some specs
 * start, all on loopback, one each (specs run in parallel on two workers). Every e2e run derives them
 * from E2E_PORT so that parallel runs do not collide; they stay below E2E_PORT + 40.
 */
export const PORTS = {
  app: PORT,
  stripe: PORT + 1,
  midtrans: PORT + 2,
  telegram: PORT + 3,
  smtp: PORT + 4,
  oidc: PORT + 5,
  sentry: PORT + 6,
  brokenServer: PORT + 12,
  unmonitoredServer: PORT + 13,
  productionServer: PORT + 14,
  noPaymentsServer: PORT + 15,
  marketUpdateServer: PORT + 16,
  twoServersA: PORT + 17,
  twoServersB: PORT + 18,
  twoServersProxy: PORT + 19,
  hardeningServer: PORT + 20,
  wholeMarketServer: PORT + 21,
  sitemapImportServer: PORT + 22,
  deployA: PORT + 23,
  deployB: PORT + 24,
  deployTls: PORT + 25,
  broadcastsServer: PORT + 26,
  realMarketServer: PORT + 27,
  adminMatrixServer: PORT + 28,
  alertsServer: PORT + 29,
} as const;
/** Shared by the app and the Stripe stand-in, which signs its webhook events with it. */
export const STRIPE_WEBHOOK_SECRET = 'whsec_e2e_stand_in_secret';
/** Shared by the app and the Midtrans stand-in, which signs its notifications with it. */
export const MIDTRANS_SERVER_KEY = 'SB-Mid-server-e2e-stand-in';
/** The DSN every server under test reports to: the Sentry ingest stand-in, project 42. */
export const SENTRY_DSN = `http://publickey@127.0.0.1:${PORTS.sentry}/42`;
/** How a server under test reaches the Stripe, Midtrans and Telegram stand-ins. */
export const PAYMENT_AND_TELEGRAM_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_e2e_stand_in',
  STRIPE_WEBHOOK_SECRET,
  STRIPE_API_BASE: `http://127.0.0.1:${PORTS.stripe}`,
  MIDTRANS_SERVER_KEY,
  MIDTRANS_API_BASE: `http://127.0.0.1:${PORTS.midtrans}`,
  TELEGRAM_BOT_TOKEN: TELEGRAM_E2E.token,
  TELEGRAM_BOT_USERNAME: TELEGRAM_E2E.username,
  TELEGRAM_WEBHOOK_SECRET: TELEGRAM_E2E.webhookSecret,
  TELEGRAM_API_ROOT: `http://127.0.0.1:${PORTS.telegram}`,
  TELEGRAM_GROUP_REGULER_ID: TELEGRAM_E2E.groups.reguler,
  TELEGRAM_GROUP_PREMIUM_ID: TELEGRAM_E2E.groups.premium,
};
/** Specs that hold one worker for long (see `projects` below). */
const LONG_FIRST =
  /[\\/](two-servers|deploy|market|hardening|payments-unconfigured|reach|real-market|admin-access-matrix|alerts|broadcasts)\.spec\.ts$/;
// Each run starts on a fresh embedded database, so the demo data is exactly as generated: a copy of the
// demo database (with the member pool of tests/e2e/fixtures.ts) that scripts/e2e-data.ts caches.
const APP_NOW = process.env.APP_NOW ?? '2026-11-20T10:00:00+07:00';
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'telaah-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
// The servers the suite and its specs start (each with this environment) open their port without warming up,
// which only makes the first visitors' answers faster: no compiler rounds (about 3 s of CPU a start) and no
// research pages rendered ahead (about 2 s; each is rendered by the first story that visits it, most are by
// none). The suite starts some twenty servers (docs/performance.md).
process.env.WARM_UP_ROUNDS ??= '0';
process.env.WARM_UP_PAGES ??= '0';

export default defineConfig({
  testDir: 'tests/e2e',
  // Stories are independent (a story that writes uses a fresh member: tests/e2e/fixtures.ts), so they
  // spread over two workers one by one; a spec that starts its own server on its own port keeps its
  // stories together in one worker (`test.describe.configure({ mode: 'default' })`). E2E_WORKERS
  // overrides the count (E2E_WORKERS=1 to follow one story at a time).
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // Workers take stories in the order of the projects, then of the files (alphabetical). The specs that
  // hold a worker for long (servers, databases and markets of their own to set up) go first, while the
  // many short stories fill the other worker; two-servers.spec.ts, last in alphabetical order, used to
  // run alone at the end of the suite with the other worker idle.
  projects: [
    { name: 'long-first', testMatch: LONG_FIRST },
    { name: 'stories', testIgnore: LONG_FIRST },
  ],
  // In CI a failed story runs once more, and tests/e2e/summary-reporter.ts lists it at the end of the log
  // as FLAKY with its first failure, to be fixed at its cause (decision 0038). A story that fails twice
  // fails the run. Locally nothing is retried.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['line'], ['./tests/e2e/summary-reporter.ts']] : 'list',
  timeout: 30_000,
  use: {
    baseURL: `http://localhost:${PORT}`,
    // The service worker answers navigations and form posts (docs/product.md §10.8); a post it answers is
    // seen by Playwright as the worker's request, not the page's, so waiting for the page's response to a
    // form post hangs once the worker controls the page. Only the stories about the installed app and
    // offline use (reach.spec.ts, members.spec.ts) let it run.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    // Recording a trace costs every story a third more CPU (screenshots and DOM snapshots of each step):
    // two spec files, 32 stories, 64 → 43 s of CPU and 137 → 90 s wall without it (docs/performance.md). In
    // CI a story that fails is run again, and that retry records the trace; locally a failure keeps its own.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
  },
  webServer: [
    {
      // A real OpenID Connect provider for the SSO stories.
      command: `npx tsx tests/stand-ins/oidc.ts --port ${PORTS.oidc} --redirect http://localhost:${PORT}/api/auth/callback/oidc`,
      url: `http://127.0.0.1:${PORTS.oidc}/.well-known/openid-configuration`,
      timeout: 60_000,
      reuseExistingServer: false,
    },
    {
      // The Telegram Bot API: records calls and posts updates to the app's webhook.
      command: `npx tsx tests/stand-ins/telegram.ts --port ${PORTS.telegram} --webhook http://localhost:${PORT}/api/telegram/webhook --secret ${TELEGRAM_E2E.webhookSecret}`,
      url: `http://127.0.0.1:${PORTS.telegram}/__calls`,
      timeout: 30_000,
      reuseExistingServer: false,
    },
    {
      // Sentry's ingest, recording what the app's server and browser SDKs send.
      command: `npx tsx tests/stand-ins/sentry.ts --port ${PORTS.sentry}`,
      url: `http://127.0.0.1:${PORTS.sentry}/__envelopes`,
      timeout: 60_000,
      reuseExistingServer: false,
    },
    {
      // The Stripe stand-in delivers every event 5 times at once, before the browser returns.
      command: 'npx tsx tests/stand-ins/stripe.ts',
      url: `http://127.0.0.1:${PORTS.stripe}/_standin/health`,
      reuseExistingServer: false,
      env: {
        STRIPE_STANDIN_PORT: String(PORTS.stripe),
        STRIPE_WEBHOOK_SECRET,
        STRIPE_STANDIN_WEBHOOK_URL: `http://localhost:${PORT}/api/webhooks/stripe`,
        STRIPE_STANDIN_DELIVERIES: '5',
      },
    },
    {
      // The Midtrans stand-in sends every notification 5 times at once, before the finish redirect.
      command: 'npx tsx tests/stand-ins/midtrans.ts',
      url: `http://127.0.0.1:${PORTS.midtrans}/_standin/health`,
      reuseExistingServer: false,
      env: {
        MIDTRANS_STANDIN_PORT: String(PORTS.midtrans),
        MIDTRANS_SERVER_KEY,
        APP_URL: `http://localhost:${PORT}`,
        MIDTRANS_STANDIN_DELIVERIES: '5',
      },
    },
    {
      // The production server program as `npm start` runs it (bundled by the build, no TypeScript loader,
      // React's production build though NODE_ENV=test: tests/e2e/react-production.mjs), on a copy of the
      // cached demo database. Building that cache (demo data and member pool, after a
      // change to their sources) takes over two minutes on a busy shared machine; a copy takes seconds.
      command: `node --import tsx scripts/e2e-data.ts && node ${E2E_SERVER_NODE_FLAGS.join(' ')} scripts/launch.mjs start`,
      url: `http://localhost:${PORT}/`,
      timeout: 300_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        PORT: String(PORT),
        HOST: 'localhost',
        DATA_DIR: dataDir,
        APP_URL: `http://localhost:${PORT}`,
        AUTH_SECRET: 'e2e-secret-not-for-production-0123456789',
        SELLER_LEGAL_NAME: 'PT Telaah Riset Nusantara',
        SELLER_NPWP: '0123.4567.8901.2345',
        APP_NOW,
        DATABASE_URL: '',
        NODE_ENV: 'test',
        OIDC_ISSUER: `http://127.0.0.1:${PORTS.oidc}`,
        OIDC_CLIENT_ID: OIDC_CLIENT.id,
        OIDC_CLIENT_SECRET: OIDC_CLIENT.secret,
        OIDC_NAME: 'Telaah ID',
        SENTRY_DSN,
        // One line per request would flood the test output; server errors still show.
        LOG_LEVEL: 'error',
        ...PAYMENT_AND_TELEGRAM_ENV,
      },
    },
  ],
});
