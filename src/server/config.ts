/**
 * The one validated configuration of Telaah (docs/product.md §8), read from the process environment so that the
 * server, the CLIs and the tests share it. A missing or malformed required value stops start-up with
 * one line naming it.
 */
import { z } from 'zod';
import { parseDsn } from '../lib/monitoring/dsn';
import { parseNpwp } from '../lib/npwp';

const optionalUrl = z.url().optional();
const optionalText = z.string().min(1).optional();
const timeOfDay = z.string().regex(/^([01]?\d|2[0-3]):[0-5]\d$/, 'must be a time HH:MM (WIB)');

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(1).max(65535).default(4321),
    HOST: z.string().default('localhost'),
    APP_URL: optionalUrl,
    DATABASE_URL: optionalUrl,
    DATA_DIR: z.string().min(1).default('./data'),
    AUTH_SECRET: optionalText,
    OIDC_ISSUER: optionalUrl,
    OIDC_CLIENT_ID: optionalText,
    OIDC_CLIENT_SECRET: optionalText,
    OIDC_NAME: z.string().min(1).default('SSO'),
    STRIPE_SECRET_KEY: optionalText,
    STRIPE_WEBHOOK_SECRET: optionalText,
    STRIPE_API_BASE: optionalUrl,
    MIDTRANS_SERVER_KEY: optionalText,
    MIDTRANS_CLIENT_KEY: optionalText,
    MIDTRANS_IS_PRODUCTION: z.stringbool().default(false),
    MIDTRANS_API_BASE: optionalUrl,
    TELEGRAM_BOT_TOKEN: optionalText,
    TELEGRAM_BOT_USERNAME: optionalText,
    TELEGRAM_WEBHOOK_SECRET: optionalText,
    TELEGRAM_API_ROOT: optionalUrl,
    TELEGRAM_GROUP_REGULER_ID: optionalText,
    TELEGRAM_GROUP_PREMIUM_ID: optionalText,
    SMTP_URL: optionalUrl,
    MAIL_FROM: z.string().min(3).default('Telaah <no-reply@telaah.test>'),
    /** The seller named on every receipt (kuitansi): the legal entity's name and its 16-digit NPWP. */
    SELLER_LEGAL_NAME: z.string().trim().min(3).max(120).default('Telaah'),
    SELLER_NPWP: z
      .string()
      .refine((v) => parseNpwp(v) !== null, 'must be a 16-digit NPWP (e.g. 0123 4567 8901 2345)')
      .transform((v) => parseNpwp(v)!)
      .optional(),
    SENTRY_DSN: optionalUrl.refine(
      (v) => v === undefined || parseDsn(v) !== undefined,
      'is not a Sentry DSN (https://key@host/project)',
    ),
    SENTRY_ENVIRONMENT: optionalText,
    SENTRY_RELEASE: optionalText,
    SENTRY_TRACES_SAMPLE_RATE: z.coerce.number().min(0).max(1).default(0),
    LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
    APP_NOW: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
    JOBS_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
    /** Broadcast emails per second (the SMTP provider's sending limit); Telegram is held to 25 a second. */
    BROADCAST_EMAILS_PER_SECOND: z.coerce.number().min(0.1).max(1000).default(10),
    /** On SIGTERM, how long requests in flight get to finish before their connections are cut. */
    SHUTDOWN_SECONDS: z.coerce.number().int().min(0).max(600).default(20),
    /**
     * Requests a starting server sends itself round the pages it has just filled, so that V8 compiles the
     * fast paths before the first visitor (http/warm-up.ts); 0 opens the port once the caches are filled.
     */
    WARM_UP_ROUNDS: z.coerce.number().int().min(0).max(100_000).default(2_000),
    /**
     * Research pages a starting server renders before its first visitor (`/analisis` and the pages it links to
     * first, with their price API; http/warm-up.ts); 0 renders none, and each is rendered by its first visitor.
     */
    WARM_UP_PAGES: z.coerce.number().int().min(0).max(1_000).default(24),
    CONTENT_DIR: z.string().min(1).default('./content'),
    MARKET_FEED: z.enum(['idx', 'files']).optional(),
    IDX_API_BASE: z.url().default('https://www.idx.co.id'),
    MARKET_FEED_FILES: optionalText,
    MARKET_UPDATE_AT: timeOfDay.default('17:00'),
    MARKET_UPDATE_DEADLINE: timeOfDay.default('20:00'),
    MARKET_HOLIDAYS_FILE: z.string().min(1).default('./market/idx-holidays.csv'),
  })
  .superRefine((c, ctx) => {
    // A provider that can take money must be able to tell us it did.
    if (c.STRIPE_SECRET_KEY && !c.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_WEBHOOK_SECRET'],
        message: 'is required when STRIPE_SECRET_KEY is set',
      });
    }
    if (c.MARKET_FEED === 'files' && !c.MARKET_FEED_FILES) {
      ctx.addIssue({ code: 'custom', path: ['MARKET_FEED_FILES'], message: 'is required when MARKET_FEED=files' });
    }
  });

export type Config = z.infer<typeof schema>;

export class ConfigError extends Error {}

/** Parses an environment; throws a ConfigError whose message is one line naming the bad variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  // Empty strings (as in a copied .env.example) mean "unset".
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = schema.safeParse(cleaned);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const name = String(issue.path[0] ?? 'environment');
  throw new ConfigError(`Configuration error: ${name} ${issue.message}`);
}

/**
 * Values a production server cannot run without. Checked at start-up (not at build time, when
 * Astro also runs with NODE_ENV=production but serves nobody).
 */
export function assertProductionReady(c: Config): void {
  if (c.NODE_ENV !== 'production') return;
  if (!c.AUTH_SECRET) throw new ConfigError('Configuration error: AUTH_SECRET is required in production');
  // Links in pages and mails name APP_URL, else the address the server listens on (src/server/site.ts):
  // right for a try-out on this machine, never for a server others reach.
  if (!c.APP_URL && !LOOPBACK_HOSTS.has(c.HOST.toLowerCase()))
    throw new ConfigError(
      `Configuration error: APP_URL is required in production when the server listens on ${c.HOST} (its public address, e.g. https://telaah.id)`,
    );
}

/** Names of this machine only: a server listening there is reached by nobody else. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

let cached: Config | undefined;

/** The configuration of this process, parsed once. */
export function config(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}
