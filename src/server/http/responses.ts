/**
 * JSON responses for API endpoints: one shape for success and one for errors, with Indonesian
 * messages and, for row-based input, the failing rows; and the reason phrase of every answer.
 */
import { STATUS_CODES } from 'node:http';

/**
 * A page that sets `Astro.response.status` keeps Astro's reason phrase "OK" (`HTTP/1.1 400 OK`); this
 * puts the status's own phrase back (`400 Bad Request`), which browsers show in their network logs.
 */
export function withReasonPhrase(response: Response): Response {
  if (response.status === 200 || response.statusText !== 'OK') return response;
  return new Response(response.body, {
    status: response.status,
    statusText: STATUS_CODES[response.status] ?? '',
    headers: response.headers,
  });
}

export function json(data: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(data), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });
}

export interface ApiError {
  error: string;
  /** Per-field messages, keyed by field name. */
  fields?: Record<string, string>;
  /** Per-row messages for CSV or batch input (1-based line numbers). */
  rows?: { line: number; column?: string; message: string }[];
}

/** A 4xx (or 5xx) JSON error with an Indonesian message. */
export function jsonError(status: number, error: string, extra: Omit<ApiError, 'error'> = {}): Response {
  return json({ error, ...extra } satisfies ApiError, status);
}

/** Reads a JSON body; null when it is missing or malformed (callers answer 400). */
export async function readJson(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    return null;
  }
}
