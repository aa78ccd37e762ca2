/**
 * The body of every mail, written once as a list of blocks and rendered twice: plain text (blocks
 * separated by a blank line, links written out) and simple HTML (one styled document, links as anchors,
 * every string escaped). Services describe what a mail says; this file decides how it looks.
 */
import escapeHtml from 'escape-html';

/** A piece of a paragraph: text, or a link inside the sentence (text: `label (url)`). */
export type Inline = string | { label: string; href: string };

export type MailBlock =
  /** A paragraph. */
  | { p: string | readonly Inline[] }
  /** Lines kept together (text: one per line; HTML: one paragraph with line breaks), e.g. a sign-off. */
  | { lines: readonly string[] }
  /**
   * A call to action. With `lead`, text: the lead, then the URL on its own line; else `label: url`.
   * HTML: the lead as a paragraph, then a button labelled `label`.
   */
  | { label: string; href: string; lead?: string }
  /** Label and value rows (text: `label: value` lines; HTML: a table); a string is a line of its own. */
  | { rows: readonly (readonly [string, string] | string)[] }
  /** A quotation under its lead line (text: the quote in double quotes). */
  | { lead: string; quote: string }
  /** Small print after a rule: why the mail came, then links (unsubscribe, settings). */
  | { note: string; links: readonly { label: string; href: string }[] }
  /** Content already rendered both ways (a broadcast's Markdown). */
  | { text: string; html: string };

const P = 'margin:0 0 16px';
const SMALL = 'font-size:13px;color:#56635b';
const BUTTON =
  'display:inline-block;background:#0b6b4f;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none;font-weight:600';
const OPEN =
  '<!doctype html><html lang="id"><body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;font-size:16px;line-height:1.5;color:#17211b;max-width:560px;margin:0 auto;padding:16px">';

function inlines(p: string | readonly Inline[]): readonly Inline[] {
  return typeof p === 'string' ? [p] : p;
}

function anchor(href: string, label: string, style?: string): string {
  return `<a href="${escapeHtml(href)}"${style ? ` style="${style}"` : ''}>${escapeHtml(label)}</a>`;
}

function blockText(b: MailBlock): string {
  if ('p' in b)
    return inlines(b.p)
      .map((i) => (typeof i === 'string' ? i : `${i.label} (${i.href})`))
      .join('');
  if ('lines' in b) return b.lines.join('\n');
  if ('href' in b) return b.lead === undefined ? `${b.label}: ${b.href}` : `${b.lead}\n${b.href}`;
  if ('rows' in b) return b.rows.map((r) => (typeof r === 'string' ? r : `${r[0]}: ${r[1]}`)).join('\n');
  if ('quote' in b) return `${b.lead}\n"${b.quote}"`;
  if ('note' in b) return ['—', b.note, ...b.links.map((l) => `${l.label}: ${l.href}`)].join('\n');
  return b.text;
}

function blockHtml(b: MailBlock): string {
  if ('p' in b) {
    const body = inlines(b.p)
      .map((i) => (typeof i === 'string' ? escapeHtml(i) : anchor(i.href, i.label)))
      .join('');
    return `<p style="${P}">${body}</p>`;
  }
  if ('lines' in b) return `<p style="${P}">${b.lines.map(escapeHtml).join('<br>')}</p>`;
  if ('href' in b) {
    const button = `<p style="${P}">${anchor(b.href, b.label, BUTTON)}</p>`;
    return b.lead === undefined ? button : `<p style="${P}">${escapeHtml(b.lead)}</p>\n${button}`;
  }
  if ('rows' in b) {
    const rows = b.rows.map((r) =>
      typeof r === 'string'
        ? `<tr><td colspan="2">${escapeHtml(r)}</td></tr>`
        : `<tr><th align="left" style="padding-right:12px">${escapeHtml(r[0])}</th><td>${escapeHtml(r[1])}</td></tr>`,
    );
    return `<table style="${P};border-collapse:collapse">${rows.join('')}</table>`;
  }
  if ('quote' in b) {
    return `<p style="margin:0 0 8px">${escapeHtml(b.lead)}</p>\n<blockquote style="${P};padding-left:12px;border-left:3px solid #dde3de">${escapeHtml(b.quote).replace(/\n/g, '<br>')}</blockquote>`;
  }
  if ('note' in b) {
    return [
      `<hr style="border:0;border-top:1px solid #dde3de;margin:24px 0 12px">`,
      `<p style="margin:0 0 8px;${SMALL}">${escapeHtml(b.note)}</p>`,
      `<p style="margin:0;${SMALL}">${b.links.map((l) => anchor(l.href, l.label)).join(' · ')}</p>`,
    ].join('\n');
  }
  return b.html;
}

/** The plain-text and HTML bodies of a mail made of `blocks`. */
export function mailBody(blocks: readonly MailBlock[]): { text: string; html: string } {
  return {
    text: blocks.map(blockText).join('\n\n'),
    html: [OPEN, ...blocks.map(blockHtml), '</body></html>'].join('\n'),
  };
}

/** The sign-off of the team's mails. */
export const SIGN_OFF: MailBlock = { lines: ['Salam,', 'Tim Telaah'] };
