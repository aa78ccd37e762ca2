/**
 * A broadcast as an email: the greeting, the rendered Markdown, and the footer every announcement carries
 * (why the member gets it, the one-click unsubscribe link for announcements, the settings page).
 */
import escapeHtml from 'escape-html';
import type { Mail } from '../../integrations/mail';
import { EVENT_TEXT } from '../../../domain/notifications';
import { unsubscribeUrl } from '../notifications/unsubscribe';
import type { RenderedBroadcast } from './markdown';

export interface BroadcastRecipient {
  userId: string;
  name: string;
  email: string;
}

export function broadcastEmail(
  b: { title: string },
  to: BroadcastRecipient,
  rendered: RenderedBroadcast,
  appUrl: string,
): Mail {
  const unsubscribe = unsubscribeUrl(appUrl, to.userId, 'announcements');
  const settings = `${appUrl}/settings/notification`;
  const why = `Anda menerima email ini karena mengaktifkan pemberitahuan “${EVENT_TEXT.announcements.label}”.`;
  const text = [
    `Halo ${to.name},`,
    '',
    rendered.text,
    '',
    '—',
    why,
    `Berhenti menerima pengumuman lewat email (satu klik): ${unsubscribe}`,
    `Atur semua pemberitahuan: ${settings}`,
  ].join('\n');
  const html = [
    '<!doctype html><html lang="id"><body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;font-size:16px;line-height:1.5;color:#17211b;max-width:560px;margin:0 auto;padding:16px">',
    `<p style="margin:0 0 16px">Halo ${escapeHtml(to.name)},</p>`,
    rendered.emailHtml,
    `<hr style="border:0;border-top:1px solid #dde3de;margin:24px 0 12px">`,
    `<p style="margin:0 0 8px;font-size:13px;color:#56635b">${escapeHtml(why)}</p>`,
    `<p style="margin:0;font-size:13px;color:#56635b"><a href="${escapeHtml(unsubscribe)}">Berhenti menerima pengumuman lewat email</a> · <a href="${escapeHtml(settings)}">Atur pemberitahuan</a></p>`,
    '</body></html>',
  ].join('\n');
  return { to: to.email, subject: b.title, text, html, headers: { 'List-Unsubscribe': `<${unsubscribe}>` } };
}
