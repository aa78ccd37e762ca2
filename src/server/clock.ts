/**
 * The app clock. `APP_NOW` (configuration) fixes it for tests and demos; it is ignored in production.
 * Everything that asks "what time / which day is it" asks here, so a fixed clock fixes all of it.
 */
import { config } from './config';
import { wibDate } from '../domain/dates';

/** The current time. */
export function now(): Date {
  const c = config();
  if (c.APP_NOW && c.NODE_ENV !== 'production') return new Date(c.APP_NOW);
  return new Date();
}

/** Today's calendar date in WIB (`YYYY-MM-DD`) by the app clock. */
export function todayWib(): string {
  return wibDate(now());
}
