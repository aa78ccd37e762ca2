/**
 * The small page the one-click unsubscribe link answers with. It needs no session, so it is plain
 * HTML from the endpoint rather than a route of the site.
 */
import { escapeHtml } from '../accounts';
import { EVENT_TEXT, type NoticeEvent } from '../../../domain/notifications';

const STYLE =
  'body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;line-height:1.5;color:#17211b;background:#f7f8f6;margin:0;padding:24px 16px}' +
  'main{max-width:34rem;margin:0 auto;background:#fff;border:1px solid #dde3de;border-radius:8px;padding:20px}' +
  'h1{font-size:1.35rem;margin:0 0 12px}button{font:inherit;font-weight:600;padding:10px 16px;border-radius:6px;border:1px solid #0b6b4f;background:#fff;color:#0b6b4f;min-height:44px}' +
  'a{color:#075039}p{margin:0 0 16px}';

function page(title: string, body: string): string {
  return `<!doctype html><html lang="id"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} · Telaah</title><style>${STYLE}</style></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

export function unsubscribedPage(event: NoticeEvent, params: URLSearchParams): string {
  const hidden = ['u', 'e', 't']
    .map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(params.get(k) ?? '')}">`)
    .join('');
  return page(
    'Anda berhenti berlangganan',
    `<p>Anda tidak akan lagi menerima email “${escapeHtml(EVENT_TEXT[event].label)}” dari Telaah. Pemberitahuan lain tidak berubah.</p>` +
      `<form method="post"><input type="hidden" name="intent" value="resubscribe">${hidden}<p><button type="submit">Batalkan, tetap kirimi saya</button></p></form>` +
      '<p><a href="/settings/notification">Atur semua pemberitahuan</a></p>',
  );
}

export function resubscribedPage(event: NoticeEvent): string {
  return page(
    'Langganan diaktifkan lagi',
    `<p>Email “${escapeHtml(EVENT_TEXT[event].label)}” akan kembali Anda terima.</p><p><a href="/settings/notification">Atur semua pemberitahuan</a></p>`,
  );
}

export function invalidLinkPage(): string {
  return page(
    'Tautan tidak valid',
    '<p>Tautan berhenti berlangganan ini tidak lengkap atau sudah diubah. Salin tautan persis dari email, atau atur pemberitahuan setelah masuk.</p><p><a href="/settings/notification">Atur pemberitahuan</a></p>',
  );
}
