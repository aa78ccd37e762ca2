/**
 * JSON responses for API endpoints: one shape for success and one for errors, with Indonesian
 * messages and, for row-based input, the failing rows.
 */
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
