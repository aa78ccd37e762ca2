import type { Tier } from '../../domain/tiers';

export type Role = 'member' | 'editor' | 'admin';

/** The identity a request acts as, resolved once by the middleware from the session and the database. */
export interface Viewer {
  id: string;
  name: string;
  email: string;
  role: Role;
  /** The effective tier today (a lapsed pass is `gratis`), read from the database each request. */
  tier: Tier;
  tierEndsAt: string | null;
  /** The member signs in with a second factor (every session of theirs has passed it). */
  twoFactor: boolean;
}
