/** Analysts' latest calls as the research pages read them from content, for tests of what viewers see. */
import type { LatestCall } from '../../src/server/content/latest-calls';

/** A premium call on BBCA (target 12.250, fair value 13.000): what only premium members may see. */
export const PREMIUM_BBCA_CALL: LatestCall = {
  ticker: 'BBCA',
  title: 'Premium BBCA',
  href: '/analisis/BBCA/p',
  date: '2026-11-01',
  tier: 'premium',
  rating: 'beli',
  targetPrice: 12_250,
  fairValue: 13_000,
};

/** A free call on BBRI (target 4.620, no fair value): what every viewer sees. */
export const FREE_BBRI_CALL: LatestCall = {
  ticker: 'BBRI',
  title: 'Gratis BBRI',
  href: '/analisis/BBRI/g',
  date: '2026-11-01',
  tier: 'gratis',
  rating: 'tahan',
  targetPrice: 4_620,
  fairValue: null,
};
