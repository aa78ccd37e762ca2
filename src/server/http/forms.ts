/**
 * The one way a page handles its own no-JavaScript form posts (docs/decisions/0017-forms-one-convention.md):
 *
 * - `readForm` reads the body once; a body that cannot be read as a form is `null` and the page answers
 *   `formUnreadable()` (400, Indonesian), never a 500.
 * - A page with more than one form tells them apart by the hidden field `intent`; an unknown intent is a
 *   400 with `UNKNOWN_FORM`.
 * - A success answers 303 to a GET page (POST/redirect/GET); what the member should read there travels in
 *   a flash message (`redirectWithFlash`), a cookie scoped to that page's path, kept one minute and removed
 *   as `takeFlash` reads it.
 * - A refusal renders the page again with its 4xx status, the Indonesian message, the field errors and the
 *   values entered (`values()`), so nothing typed is lost.
 */
import type { AstroCookies, AstroGlobal } from 'astro';
import { z } from 'zod';
import { refusalPage } from './body-limits';

export interface Flash {
  /** 'error': a refusal by an endpoint that is not a page, shown on the page the form came from. */
  tone: 'success' | 'info' | 'error';
  message: string;
  /** Extra lines under the message (e.g. import warnings, one per row). */
  warnings?: string[];
}

export const UNKNOWN_FORM = 'Formulir tidak dikenal; muat ulang halaman lalu coba lagi.';
export const UNREADABLE_FORM = 'Isi formulir tidak dapat dibaca; muat ulang halaman lalu coba lagi.';

/** A posted form, read once. */
export interface PostedForm {
  /** The raw form, for services that take `FormData`. */
  readonly data: FormData;
  /** The hidden `intent` field: which form of the page was sent ('' when absent). */
  readonly intent: string;
  /** A text field ('' when absent or a file). */
  text(name: string): string;
  /** A file field with content, or null. */
  file(name: string): File | null;
  /** Every text field by name, to render the form again with what was entered. */
  values(): Record<string, string>;
  /** The names of every field sent (an unticked checkbox is not sent). */
  names(): Set<string>;
}

/** Reads the request's form body; null when it is not a readable form. */
export async function readForm(request: Request): Promise<PostedForm | null> {
  let data: FormData;
  try {
    data = await request.formData();
  } catch {
    return null;
  }
  const text = (name: string) => {
    const v = data.get(name);
    return typeof v === 'string' ? v : '';
  };
  return {
    data,
    intent: text('intent'),
    text,
    file(name) {
      const v = data.get(name);
      return v && typeof v !== 'string' && v.size > 0 ? v : null;
    },
    values() {
      const out: Record<string, string> = {};
      for (const [k, v] of data) if (typeof v === 'string') out[k] = v;
      return out;
    },
    names: () => new Set(data.keys()),
  };
}

/** The answer to a body that is not a readable form: 400 with a short Indonesian page. */
export function formUnreadable(): Response {
  return new Response(refusalPage(UNREADABLE_FORM), {
    status: 400,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
  });
}

const FLASH_COOKIE = 'telaah_flash';
const flashSchema = z.object({
  tone: z.enum(['success', 'info', 'error']),
  message: z.string(),
  warnings: z.array(z.string()).optional(),
});

function pathOf(location: string): string {
  return new URL(location, 'http://telaah.invalid').pathname;
}

/** Keeps a message for the page at `path` (one minute; no other page sees it). */
function setFlash(cookies: AstroCookies, path: string, flash: Flash): void {
  cookies.set(FLASH_COOKIE, JSON.stringify(flash), {
    path: pathOf(path),
    httpOnly: true,
    sameSite: 'lax',
    maxAge: 60,
  });
}

/** The message the last redirect left for this page, removed as it is read. */
export function takeFlash(astro: Pick<AstroGlobal, 'cookies' | 'url'>): Flash | null {
  const raw = astro.cookies.get(FLASH_COOKIE)?.value;
  if (!raw) return null;
  astro.cookies.delete(FLASH_COOKIE, { path: astro.url.pathname });
  try {
    return flashSchema.parse(JSON.parse(raw));
  } catch {
    return null;
  }
}

/** POST/redirect/GET: 303 to `location` (a path on this site), which shows `flash` once. */
export function redirectWithFlash(astro: Pick<AstroGlobal, 'cookies' | 'redirect'>, location: string, flash: Flash) {
  setFlash(astro.cookies, location, flash);
  return astro.redirect(location, 303);
}
