/**
 * A broadcast as an email: the greeting, the rendered Markdown, and the footer every announcement carries
 * (why the member gets it, the one-click unsubscribe link for announcements, the settings page).
 */
import type { Mail } from '../../integrations/mail';
import { NOTICE_EVENT_TEXT } from '../../../lib/labels';
import { unsubscribeUrl } from '../notifications/unsubscribe';
import type { RenderedBroadcast } from './markdown';
import { mailBody } from '../../mail-body';

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
  const why = `Anda menerima email ini karena mengaktifkan pemberitahuan “${NOTICE_EVENT_TEXT.announcements.label}”.`;
  const { text, html } = mailBody([
    { p: `Halo ${to.name},` },
    { text: rendered.text, html: rendered.emailHtml },
    {
      note: why,
      links: [
        { label: 'Berhenti menerima pengumuman lewat email (satu klik)', href: unsubscribe },
        { label: 'Atur semua pemberitahuan', href: settings },
      ],
    },
  ]);
  return { to: to.email, subject: b.title, text, html, headers: { 'List-Unsubscribe': `<${unsubscribe}>` } };
}
