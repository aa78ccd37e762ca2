/** Every route of the brief (docs/product.md §3) with a concrete example path and who may open it. */
export type Access = 'public' | 'member' | 'admin';

export interface RouteCase {
  path: string;
  access: Access;
  /** Pre-rendered public pages must ship no React runtime. */
  prerendered?: boolean;
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
];
