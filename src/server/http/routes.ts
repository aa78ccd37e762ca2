/**
 * The route policy: for every route of the site, what a request to it is allowed and how its answer is
 * kept. One table, keyed by Astro route pattern (the file path under `src/pages` without its extension,
 * `index` dropped, parameters in brackets, as `context.routePattern` gives it). Every page and endpoint
 * under `src/pages` has an entry (`src/server/http/routes.test.ts` fails otherwise), so a new route is a
 * decision made here, with the defaults of its kind, rather than a path someone forgets to add to a list.
 *
 * Read by: the body guard (`body-limits.ts`, cap and content type), impersonation (`auth/support-writes.ts`,
 * which routes support may write to and why), the admin console's 404 (`auth/admin-routes.ts`), the
 * Origin check of the APIs (`api-origin.ts`), the HTTP caches (`http-cache.ts`, `member-pages-cache.ts`)
 * and the middleware (which routes resolve identity, which refuse with JSON).
 *
 * Before the app (in the Node server) there is no route pattern yet, only a path: `routeOf(pathname)`
 * finds the pattern with the same precedence Astro uses (static segments before parameters before rest
 * parameters), from regexes compiled once. Parameters named for a stock code (`[emitenId]`, `[ticker]`,
 * `[kode]`) match only a stock code; any other parameter one path segment. A path no file answers falls
 * to `/api/[...path]` (under `/api/`) or `/[...path]` (anything else), which are Astro's 404.
 */
import { STOCK_CODE_PATTERN } from '../../domain/idx';

/**
 * What answers: a page (HTML), another endpoint outside `/api/` (a feed, an image, a file), an API
 * endpoint, the monitoring tunnel, or Astro itself.
 */
export type RouteKind = 'page' | 'file' | 'api' | 'tunnel' | 'astro';
/**
 * The body cap (its bytes are in `body-limits.ts`): payment and Telegram webhooks and the monitoring
 * tunnel, broker CSV imports, Astro's own endpoints, everything else.
 */
export type BodyCap = 'webhook' | 'import' | 'astro' | 'standard';
/** The bodies a route accepts: forms only (415 otherwise), JSON only (an empty body too), or any type. */
export type BodyType = 'form' | 'json' | 'any';
/**
 * How the answer to a GET is kept (`http-cache.ts`): `public` — anonymous answers are cacheable publicly
 * and kept in memory; `anonymous` — anonymous answers are kept in memory but sent `private, no-store`
 * (gated text); `own` — the endpoint sets its own Cache-Control and validators; `private` — never kept,
 * always `private, no-store`.
 */
export type CacheKind = 'public' | 'anonymous' | 'own' | 'private';

export interface RouteRule {
  kind: RouteKind;
  body: BodyCap;
  accepts: BodyType;
  /**
   * Why an impersonating admin (support) may write here; null: writes while impersonating are refused
   * with 403 before the route runs (404 on the admin console). Reads are always allowed. A listed route
   * may still refuse single actions with `requireSelf()` (as `/settings/account` does for email, password
   * and deletion).
   */
  supportWrite: string | null;
  cache: CacheKind;
  /**
   * A signed-in member's page kept in memory while their data, the market data and the day are unchanged
   * (`member-pages-cache.ts`, decision 0019). Only for a route that shows nothing but the member's own
   * portfolio reports, market data, the build's content, the viewer and the URL, with dates from today.
   */
  memberPage: boolean;
  /** The admin console: 404 for anyone but an admin with two factors, and for an impersonating admin. */
  admin: boolean;
  /** Writes need an `Origin` naming this site (`api-origin.ts`); false for callers with their own proof. */
  originChecked: boolean;
  /** The middleware resolves the viewer; false for the monitoring tunnel, which carries no identity. */
  identity: boolean;
}

const PAGE: RouteRule = {
  kind: 'page',
  body: 'standard',
  accepts: 'form',
  supportWrite: null,
  cache: 'private',
  memberPage: false,
  admin: false,
  originChecked: false,
  identity: true,
};

const page = (over: Partial<RouteRule> = {}): RouteRule => ({ ...PAGE, ...over });
/** An endpoint outside `/api/`: like a page, it takes a body only as a form. */
const file = (over: Partial<RouteRule> = {}): RouteRule => ({ ...PAGE, kind: 'file', ...over });
const api = (over: Partial<RouteRule> = {}): RouteRule => ({
  ...PAGE,
  kind: 'api',
  accepts: 'any',
  originChecked: true,
  ...over,
});
const admin = (over: Partial<RouteRule> = {}): RouteRule => page({ admin: true, ...over });
const memberPage = (over: Partial<RouteRule> = {}): RouteRule => page({ memberPage: true, ...over });
/** A webhook: its sender proves itself (a signature, a secret header), not an Origin. */
const webhook = (): RouteRule => api({ body: 'webhook', originChecked: false });

export const ROUTES = {
  '/': page(),
  '/403': page(),
  '/404': page(),
  '/500': page(),
  '/offline': page(),
  '/check-user': page(),
  '/hadiah': page(),
  '/notifikasi': page(),
  '/pay': page(),
  '/payment-capture': page(),
  '/payment-capture/cancel': page(),
  '/payment-capture/error': page(),
  '/pick-membership': page(),
  '/reset-password': page(),
  '/sign-in': page(),
  '/sign-in/two-factor': page(),
  '/sign-up': page(),
  '/sso-callback': page(),
  '/uji-monitoring': page(),
  '/watchlist': page(),
  '/watchlist/saringan': page(),
  '/telegram': page(),
  '/telegram/verify': page(),
  '/courses': page(),
  '/courses/[courseId]': page(),
  '/starting-guide/faq': page(),
  '/starting-guide/investment-philosophy': page(),
  '/starting-guide/navigating-the-app': page(),
  '/starting-guide/rekomendasi-saya': page(),
  '/settings/account': page({
    supportWrite: "support corrects the member's name; email, password and deletion call requireSelf()",
  }),
  '/settings/membership': page(),
  '/settings/notification': page(),
  '/settings/two-factor': page(),

  // Research: the body a viewer may read depends on their tier, which is part of the member cache's key.
  '/analisis': memberPage({ cache: 'public' }),
  '/analisis/[emitenId]': memberPage({ cache: 'public' }),
  '/analisis/[emitenId]/[analisisId]': memberPage({ cache: 'anonymous' }),
  '/analisis/non-emiten/[analisisNonEmitenId]': memberPage({ cache: 'anonymous' }),
  '/analisis/banding': page(),
  '/analisis/saring': page(),
  '/analisis/rss.xml': file(),

  '/portofolio/all': memberPage(),
  '/portofolio/dividen': memberPage(),
  '/portofolio/metrics': memberPage(),
  '/portofolio/dividen/pajak': page(),
  '/portofolio/laporan': page(),
  '/portofolio/saham/[kode]': page(),
  '/portofolio/transaksi': page({
    body: 'import',
    supportWrite: "support corrects the member's transactions and portfolios (forms without JavaScript)",
  }),

  '/admin': admin(),
  '/admin/anggota': admin(),
  '/admin/anggota/[id]': admin(),
  '/admin/hadiah': admin(),
  '/admin/promo': admin(),
  '/admin/siaran': admin(),
  '/admin/uji-coba': admin(),
  '/admin/ringkasan.csv': file({ admin: true }),
  '/impersonate': admin(),

  '/api/account/export': api(),
  '/api/account/sign-out': api({
    supportWrite: 'the admin signs out of their own session, ending the impersonation first',
  }),
  '/api/account/verify-email': api(),
  '/api/courses/progress': api({ accepts: 'json' }),
  '/api/emiten.json': api({ cache: 'own' }),
  '/api/emiten/[ticker]/harga': api({ cache: 'public', memberPage: true }),
  '/api/impersonate/start': api({ accepts: 'form', admin: true }),
  '/api/impersonate/stop': api({ supportWrite: 'ends the impersonation itself' }),
  '/api/membership/current': api(),
  '/api/notifications/unread': api(),
  // One-click unsubscribe (RFC 8058) is posted by mail clients, which send no Origin; the token proves it.
  '/api/notifications/unsubscribe': api({ originChecked: false }),
  '/api/portfolio/dividends': api({ memberPage: true }),
  '/api/portfolio/export': api(),
  '/api/portfolio/holdings': api({ memberPage: true }),
  '/api/portfolio/import': api({ body: 'import', supportWrite: "support imports the member's broker CSV" }),
  '/api/portfolio/metrics': api({ memberPage: true }),
  '/api/portfolio/portfolios': api({ accepts: 'json', supportWrite: 'support creates a portfolio for the member' }),
  '/api/portfolio/portfolios/[id]': api({
    accepts: 'json',
    supportWrite: "support renames the member's portfolio or changes its settings",
  }),
  '/api/portfolio/realised': api({ memberPage: true }),
  '/api/portfolio/reports/annual': api(),
  '/api/portfolio/transactions': api({ accepts: 'json', supportWrite: "support records the member's transactions" }),
  '/api/portfolio/transactions/[id]': api({
    accepts: 'json',
    supportWrite: "support corrects or deletes the member's transactions",
  }),
  '/api/telegram/webhook': webhook(),
  '/api/webhooks/midtrans': webhook(),
  '/api/webhooks/stripe': webhook(),

  '/monitoring': { ...webhook(), kind: 'tunnel', identity: false },
  '/mulai': file(),
  '/manifest.webmanifest': file(),
  '/sw.js': file(),
  '/icons/[name].png': file(),
  '/og/telaah.png': file(),
  '/og/analisis/[emitenId]/[analisisId].png': file(),
  '/og/analisis/non-emiten/[analisisNonEmitenId].png': file(),
  // Their answers never depend on the viewer; they set an ETag keyed on the market data version.
  '/robots.txt': file({ cache: 'own' }),
  '/sitemap-index.xml': file({ cache: 'own' }),
  '/sitemap-pages.xml': file({ cache: 'own' }),
  '/sitemap-analisis.xml': file({ cache: 'own' }),
  '/sitemap-emiten.xml': file({ cache: 'own' }),

  // Routes no file under src/pages names.
  // Auth.js (auth-astro): it checks its own CSRF token.
  '/api/auth/[...auth]': api({ originChecked: false }),
  // Astro's own: a server island posts its encrypted props when they are long; it only renders.
  '/_server-islands/[name]': {
    ...PAGE,
    kind: 'astro',
    body: 'astro',
    accepts: 'any',
    supportWrite: 'renders a server island; never writes',
  },
  // Paths no route answers (Astro's 404): an endpoint's or a page's defaults.
  '/api/[...path]': api(),
  '/[...path]': page(),
} satisfies Record<string, RouteRule>;

export type RoutePattern = keyof typeof ROUTES;

/** The entries that name no file under src/pages: injected by an integration, Astro's own, or a 404. */
export const NOT_IN_PAGES: ReadonlySet<string> = new Set([
  '/api/auth/[...auth]',
  '/_server-islands/[name]',
  '/api/[...path]',
  '/[...path]',
]);

/** The rule of a route pattern (`context.routePattern`); null for one the table does not know. */
export function ruleOf(pattern: string): RouteRule | null {
  return Object.hasOwn(ROUTES, pattern) ? ROUTES[pattern as RoutePattern] : null;
}

// ---- From a path to its route pattern ----

/** Parameter names that hold a stock code. */
const STOCK_CODE_PARAMS = new Set(['emitenId', 'ticker', 'kode']);
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** 0 static, 1 mixed (`[name].png`), 2 a parameter, 3 a rest parameter: Astro's precedence, per segment. */
function segmentRank(segment: string): number {
  if (/^\[\.\.\.[^\]]+\]$/.test(segment)) return 3;
  if (/^\[[^\]]+\]$/.test(segment)) return 2;
  return segment.includes('[') ? 1 : 0;
}

function segmentSource(segment: string): string {
  if (segmentRank(segment) === 3) return '(?:/.+)';
  const parts = segment.split(/(\[[^\]]+\])/).filter(Boolean);
  const source = parts
    .map((p) => {
      const param = /^\[([^\]]+)\]$/.exec(p)?.[1];
      if (!param) return escape(p);
      return STOCK_CODE_PARAMS.has(param) ? `(?:${STOCK_CODE_PATTERN})` : '[^/]+';
    })
    .join('');
  return `/${source}`;
}

interface Compiled {
  pattern: RoutePattern;
  regex: RegExp;
  ranks: number[];
}

function compile(pattern: RoutePattern): Compiled {
  const segments = pattern === '/' ? [] : pattern.slice(1).split('/');
  const source = segments.length === 0 ? '/' : segments.map(segmentSource).join('');
  return { pattern, regex: new RegExp(`^${source}$`), ranks: segments.map(segmentRank) };
}

function precedence(a: Compiled, b: Compiled): number {
  for (let i = 0; i < Math.min(a.ranks.length, b.ranks.length); i++)
    if (a.ranks[i] !== b.ranks[i]) return a.ranks[i]! - b.ranks[i]!;
  return b.ranks.length - a.ranks.length;
}

/** Candidates by first path segment (static first segments), then those whose first segment is a parameter. */
const byFirstSegment = new Map<string, Compiled[]>();
const dynamicFirst: Compiled[] = [];
for (const c of (Object.keys(ROUTES) as RoutePattern[]).map(compile).sort(precedence)) {
  const first = c.pattern.split('/')[1] ?? '';
  if (segmentRank(first) === 0) byFirstSegment.set(first, [...(byFirstSegment.get(first) ?? []), c]);
  else dynamicFirst.push(c);
}

/** The route pattern that answers a decoded pathname (no trailing slash), as Astro would pick it. */
export function patternOf(pathname: string): RoutePattern {
  const first = pathname.slice(1).split('/', 1)[0]!;
  for (const c of byFirstSegment.get(first) ?? []) if (c.regex.test(pathname)) return c.pattern;
  for (const c of dynamicFirst) if (c.regex.test(pathname)) return c.pattern;
  return '/[...path]';
}

/** The rule of the route that answers a decoded pathname. */
export function routeOf(pathname: string): RouteRule {
  return ROUTES[patternOf(pathname)];
}
