/**
 * The routes the route-wide stories walk (foundation, reach, speed, static, members): the brief's routes
 * (docs/product.md §3) and a few more, each with a concrete example path and who may open it. Every page of
 * the route policy (`src/server/http/routes.ts`) is here or in NOT_WALKED with the reason
 * (`src/server/http/routes.test.ts` checks it).
 */
export type Access = 'public' | 'member' | 'admin';

export interface RouteCase {
  path: string;
  access: Access;
  /** Pre-rendered public pages must ship no React runtime. */
  prerendered?: boolean;
  /** A public route that answers an anonymous visitor with another status: its Indonesian page. */
  status?: number;
  /** A public route that sends an anonymous visitor on (302) to this path. */
  redirectsTo?: string;
  /** A public page kept out of search engines and link previews (`noindex`, no canonical or og tags). */
  noindex?: boolean;
}

export const ROUTES: RouteCase[] = [
  { path: '/', access: 'public', prerendered: true },
  { path: '/analisis', access: 'public' },
  { path: '/analisis/BBCA', access: 'public' },
  { path: '/analisis/non-emiten/suku-bunga-bi-dan-saham-perbankan', access: 'public' },
  { path: '/courses', access: 'public', prerendered: true },
  { path: '/courses/dasar-investasi-saham', access: 'public' },
  { path: '/portofolio/all', access: 'member' },
  { path: '/portofolio/dividen', access: 'member' },
  { path: '/portofolio/metrics', access: 'member' },
  { path: '/portofolio/transaksi', access: 'member' },
  { path: '/telegram', access: 'member' },
  { path: '/telegram/verify', access: 'member' },
  { path: '/settings/account', access: 'member' },
  { path: '/settings/membership', access: 'member' },
  { path: '/settings/notification', access: 'member' },
  { path: '/starting-guide/faq', access: 'public', prerendered: true },
  { path: '/starting-guide/investment-philosophy', access: 'public', prerendered: true },
  { path: '/starting-guide/navigating-the-app', access: 'public', prerendered: true },
  { path: '/starting-guide/rekomendasi-saya', access: 'public' },
  { path: '/pick-membership', access: 'public' },
  { path: '/pay', access: 'member' },
  { path: '/payment-capture', access: 'member' },
  { path: '/payment-capture/cancel', access: 'member' },
  { path: '/payment-capture/error', access: 'member' },
  { path: '/sign-up', access: 'public' },
  { path: '/sign-in', access: 'public' },
  { path: '/reset-password', access: 'public' },
  { path: '/sso-callback?error=OAuthCallback', access: 'public' },
  { path: '/check-user', access: 'member' },
  { path: '/impersonate', access: 'admin' },
  { path: '/admin', access: 'admin' },
  { path: '/admin/anggota', access: 'admin' },
  { path: '/admin/siaran', access: 'admin' },
  { path: '/admin/hadiah', access: 'admin' },
  { path: '/settings/two-factor', access: 'member' },
  { path: '/watchlist', access: 'member' },
  { path: '/watchlist/saringan', access: 'member' },
  // A gift link whose token names no gift: the page explains it, with 404.
  { path: '/hadiah?t=tidak-ada', access: 'public', status: 404, noindex: true },
  // The installed app's start: a member's portfolio, anyone else's home page.
  { path: '/mulai', access: 'public', redirectsTo: '/' },
];

/** Pages of the route policy the stories above do not walk, and why. */
export const NOT_WALKED: Record<string, string> = {
  '/403': 'the refusal page, rendered by the middleware (impersonation stories)',
  '/404': 'the not-found page (foundation: an unknown address)',
  '/500': 'the error page (server-error stories)',
  '/offline': "the service worker's offline page (pre-rendered pages test, members' screenshots)",
  '/uji-monitoring': 'a test page that throws on purpose (monitoring and server-error stories)',
  '/sign-in/two-factor': 'needs a sign-in waiting for its second factor (admin and access stories)',
  '/analisis/[emitenId]/[analisisId]': 'the demo analyses are walked by their own list (tests/e2e/analyses.ts)',
  '/admin/anggota/[id]': 'needs a member id (admin access matrix)',
  // In the brief (docs/product.md §3), walked by their feature's stories but not yet by the route-wide ones.
  '/notifikasi': 'alerts stories',
  '/analisis/saring': 'screener stories',
  '/analisis/banding': 'comparison stories',
  '/portofolio/laporan': "tax report stories; members' phone story",
  '/portofolio/dividen/pajak': 'dividend tax stories',
  '/portofolio/saham/[kode]': "holding stories; members' phone story",
  '/admin/promo': 'promo stories; admin access matrix',
  '/admin/uji-coba': 'trial stories; admin access matrix',
};
