/**
 * A notice ready to send, and how it reads: an Indonesian email (plain text and simple HTML, with the
 * one-click unsubscribe link for its event) and a short Telegram message.
 */
import type { NoticeChannel, NoticeEvent } from '../../../domain/notifications';
import { NOTICE_EVENT_TEXT } from '../../../lib/labels';
import type { Mail } from '../../integrations/mail';
import { unsubscribeUrl } from './unsubscribe';
import type { Recipient } from './recipients';
import { mailBody } from '../../mail-body';

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
  const why = `Anda menerima email ini karena mengaktifkan pemberitahuan “${NOTICE_EVENT_TEXT[d.event].label}”.`;
  const { text, html } = mailBody([
    { p: `Halo ${recipient.name},` },
    ...content.lines.map((l) => ({ p: l })),
    { label: content.cta.label, href: content.cta.url },
    {
      note: why,
      links: [
        { label: 'Berhenti menerima email jenis ini (satu klik)', href: unsubscribe },
        { label: 'Atur semua pemberitahuan', href: settings },
      ],
    },
  ]);
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
