/**
 * Per-page additions to the Content-Security-Policy of astro.config.mjs, for the few pages that need
 * more than the same origin. Call them in the page's frontmatter: the policy header is written before
 * nested components render.
 */
import type { APIContext } from 'astro';

type CspContext = Pick<APIContext, 'csp'>;

/** The Telegram Login Widget's script (docs/product.md §7.3), allowed on /telegram only. */
const TELEGRAM_WIDGET_SCRIPT = 'https://telegram.org/js/telegram-widget.js';
/** The login frame the widget opens. */
const TELEGRAM_LOGIN_FRAME = 'https://oauth.telegram.org';

/** Lets the page load the Telegram Login Widget and its login frame. */
export function allowTelegramLoginWidget(ctx: CspContext): void {
  ctx.csp?.insertScriptResource(TELEGRAM_WIDGET_SCRIPT);
  ctx.csp?.insertDirective(`frame-src 'self' ${TELEGRAM_LOGIN_FRAME}`);
}

/**
 * Lets a form on the page end at another origin: browsers apply `form-action` to the redirects after a
 * form post too, so a post that the server answers with a redirect to an SSO provider or to Stripe
 * Checkout needs that origin here.
 */
export function allowFormRedirectTo(ctx: CspContext, ...urls: string[]): void {
  const origins = [...new Set(urls.map((u) => new URL(u).origin))];
  ctx.csp?.insertDirective(`form-action 'self' ${origins.join(' ')}`);
}
