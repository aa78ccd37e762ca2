/**
 * What Telaah never sends to monitoring, shared by the browser and the server SDK configuration:
 * control flow that only looks like an error (redirects), 404 transactions, known browser noise, and
 * personal data (emails, IP addresses, cookies, query strings). Isomorphic and free of SDK code: only
 * types come from `@sentry/astro`.
 */
import type { ErrorEvent, Event, EventHint, init } from '@sentry/astro';

type TransactionEvent = Parameters<NonNullable<NonNullable<Parameters<typeof init>[0]>['beforeSendTransaction']>>[0];

/** Messages browsers produce that say nothing about our code. */
const NOISE_MESSAGES: RegExp[] = [
  // A ResizeObserver callback took longer than a frame: harmless, and the browser says so loudly.
  /ResizeObserver loop (limit exceeded|completed with undelivered notifications)/i,
  // A rejection with a value that is not an Error carries no stack to act on.
  /^Non-Error promise rejection captured/i,
  /^Object captured as promise rejection with keys/i,
];

/** A fetch the page or the browser aborted (navigation away, timeout, user action). */
const ABORT_MESSAGES: RegExp[] = [
  /^AbortError\b/,
  /the (user|operation) (was )?aborted/i,
  /signal is aborted without reason/i,
  /^Fetch is aborted$/i,
  /^cancell?ed$/i,
];

/** Scripts injected by browser extensions. */
export const EXTENSION_URLS: RegExp[] = [
  /^(chrome|chrome-extension|moz-extension|safari-extension|safari-web-extension|ms-browser-extension|edge-extension):\/\//i,
];

/** Names of errors used for control flow: a redirect or an access decision, not a failure. */
const REDIRECT_ERROR_NAMES = new Set(['AccessError', 'RedirectError', 'ResponseSentError']);

function exceptionTexts(event: Event): string[] {
  const texts = (event.exception?.values ?? []).map((v) => (v.type ? `${v.type}: ${v.value ?? ''}` : (v.value ?? '')));
  const values = (event.exception?.values ?? []).map((v) => v.value ?? '');
  return [...texts, ...values, event.message ?? ''].filter(Boolean);
}

function isRedirect(event: Event, original: unknown): boolean {
  if (original instanceof Response) return original.status >= 300 && original.status < 400;
  if (original instanceof Error && REDIRECT_ERROR_NAMES.has(original.name)) return true;
  return (event.exception?.values ?? []).some((v) => v.type !== undefined && REDIRECT_ERROR_NAMES.has(v.type));
}

function isAbort(event: Event, original: unknown): boolean {
  if (original instanceof Error || (typeof DOMException !== 'undefined' && original instanceof DOMException)) {
    if ((original as Error).name === 'AbortError' || (original as Error).name === 'TimeoutError') return true;
  }
  if ((event.exception?.values ?? []).some((v) => v.type === 'AbortError')) return true;
  return exceptionTexts(event).some((t) => ABORT_MESSAGES.some((re) => re.test(t)));
}

function fromExtension(event: Event): boolean {
  const frames = (event.exception?.values ?? []).flatMap((v) => v.stacktrace?.frames ?? []);
  // The innermost frame is last: an error thrown inside an extension's script is the extension's.
  const innermost = frames.at(-1);
  const file = innermost?.abs_path ?? innermost?.filename ?? event.request?.url ?? '';
  return EXTENSION_URLS.some((re) => re.test(file));
}

/** True for error events Telaah does not want to see. */
export function isNoise(event: Event, hint?: EventHint): boolean {
  const original = hint?.originalException;
  if (isRedirect(event, original)) return true;
  if (isAbort(event, original)) return true;
  if (fromExtension(event)) return true;
  return exceptionTexts(event).some((t) => NOISE_MESSAGES.some((re) => re.test(t)));
}

/** Where a failed query's message starts listing its parameters (Drizzle: "Failed query: …\nparams: …"). */
const QUERY_PARAMS_MARK = '\nparams: ';

/** A message without the query parameters it may list: they can hold password hashes and personal data. */
export function withoutQueryParams(message: string): string {
  const cut = message.indexOf(QUERY_PARAMS_MARK);
  return cut < 0 ? message : message.slice(0, cut);
}

/**
 * Removes what could identify a person beyond the member id: email, IP, cookies, auth headers, the
 * Referer (its query can hold a gift token or a sign-in callback), query
 * strings, and the parameters of failed database queries.
 */
export function scrub<T extends Event>(event: T): T {
  for (const value of event.exception?.values ?? []) if (value.value) value.value = withoutQueryParams(value.value);
  if (event.message) event.message = withoutQueryParams(event.message);
  if (event.user) {
    const { id } = event.user;
    event.user = id === undefined ? {} : { id };
  }
  if (event.request) {
    delete event.request.cookies;
    delete event.request.query_string;
    delete event.request.data;
    if (event.request.url) event.request.url = event.request.url.split(/[?#]/)[0];
    if (event.request.headers) {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(event.request.headers)) {
        if (!/^(cookie|authorization|x-forwarded-for|x-real-ip|forwarded|referr?er)$/i.test(name))
          headers[name] = value;
      }
      event.request.headers = headers;
    }
  }
  return event;
}

/** `beforeSend` for both SDKs: drops noise and redirects, scrubs the rest. */
export function beforeSend(event: ErrorEvent, hint: EventHint): ErrorEvent | null {
  return isNoise(event, hint) ? null : scrub(event);
}

function transactionStatus(event: TransactionEvent): number | undefined {
  const data = event.contexts?.trace?.data as Record<string, unknown> | undefined;
  const code = data?.['http.response.status_code'] ?? event.contexts?.response?.status_code;
  return typeof code === 'number' ? code : typeof code === 'string' ? Number(code) : undefined;
}

/** `beforeSendTransaction`: a 404 says someone typed a wrong address, not that we are slow. */
export function beforeSendTransaction(event: TransactionEvent): TransactionEvent | null {
  if (transactionStatus(event) === 404 || event.contexts?.trace?.status === 'not_found') return null;
  return scrub(event);
}
