/**
 * Server-side error reporting: one structured log line per failure, carrying a digest that the 500
 * page shows, so a member's screenshot leads straight to the log line.
 */
import { randomBytes } from 'node:crypto';

export interface ErrorContext {
  path: string;
  requestId?: string;
}

/** Logs the error as one JSON line and returns its digest. */
export function reportServerError(error: unknown, ctx: ErrorContext): string {
  const digest = randomBytes(5).toString('hex');
  const err = error instanceof Error ? error : new Error(String(error));
  console.error(
    JSON.stringify({
      level: 'error',
      time: new Date().toISOString(),
      msg: 'server error',
      digest,
      path: ctx.path,
      requestId: ctx.requestId,
      error: err.message,
      stack: err.stack,
    }),
  );
  return digest;
}
