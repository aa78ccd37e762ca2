/**
 * A notice ready to send, and how it reads: an Indonesian email (plain text and simple HTML, with the
 * one-click unsubscribe link for its event) and a short Telegram message.
 */
import type { NoticeChannel, NoticeEvent } from '../../../domain/notifications';
import { EVENT_TEXT } from '../../../domain/notifications';
import type { Mail } from '../../integrations/mail';
import escapeHtml from 'escape-html';
import { unsubscribeUrl } from './unsubscribe';
import type { Recipient } from './recipients';

export interface NoticeContent {
  /** Email subject and the first line of the Telegram message. */
  title: string;
  /** Paragraphs of plain text. */
  lines: string[];
  cta: { label: string; url: string };
}

export interface NoticeDraft {
  recipient: Recipient;
  event: NoticeEvent;
  /** What the notice is about; with member, event and channel the unique key of a sent notice. */
  subject: string;
  channels: NoticeChannel[];
  content: NoticeContent;
}

export function renderEmail(d: NoticeDraft, appUrl: string): Mail {
  const { content, recipient } = d;
  const unsubscribe = unsubscribeUrl(appUrl, recipient.userId, d.event);
  const settings = `${appUrl}/settings/notification`;
  const why = `Anda menerima email ini karena mengaktifkan pemberitahuan “${EVENT_TEXT[d.event].label}”.`;
  const text = [
    `Halo ${recipient.name},`,
    '',
    ...content.lines.flatMap((l) => [l, '']),
    `${content.cta.label}: ${content.cta.url}`,
    '',
    '—',
    why,
    `Berhenti menerima email jenis ini (satu klik): ${unsubscribe}`,
    `Atur semua pemberitahuan: ${settings}`,
  ].join('\n');
  const p = 'margin:0 0 16px';
  const html = [
    '<!doctype html><html lang="id"><body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;font-size:16px;line-height:1.5;color:#17211b;max-width:560px;margin:0 auto;padding:16px">',
    `<p style="${p}">Halo ${escapeHtml(recipient.name)},</p>`,
    ...content.lines.map((l) => `<p style="${p}">${escapeHtml(l)}</p>`),
    `<p style="${p}"><a href="${escapeHtml(content.cta.url)}" style="display:inline-block;background:#0b6b4f;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(content.cta.label)}</a></p>`,
    `<hr style="border:0;border-top:1px solid #dde3de;margin:24px 0 12px">`,
    `<p style="margin:0 0 8px;font-size:13px;color:#56635b">${escapeHtml(why)}</p>`,
    `<p style="margin:0;font-size:13px;color:#56635b"><a href="${escapeHtml(unsubscribe)}">Berhenti menerima email jenis ini</a> · <a href="${escapeHtml(settings)}">Atur pemberitahuan</a></p>`,
    '</body></html>',
  ].join('\n');
  return {
    to: recipient.email,
    subject: content.title,
    text,
    html,
    headers: { 'List-Unsubscribe': `<${unsubscribe}>` },
  };
}

export function renderTelegram(d: NoticeDraft, appUrl: string): string {
  const { content } = d;
  return [
    content.title,
    '',
    ...content.lines.flatMap((l) => [l, '']),
    `${content.cta.label}: ${content.cta.url}`,
    '',
    `Atur pemberitahuan: ${appUrl}/settings/notification`,
  ].join('\n');
}
