/**
 * A broadcast's Markdown in its three shapes: HTML for the email, Telegram's HTML subset, and plain text
 * (the email's text part). Parsed by satteri, the Markdown parser Astro itself builds the site with; the
 * output is written here from the syntax tree with an allow-list, so it is safe by construction: raw HTML
 * in the source is shown as text, links keep only http, https and mailto addresses, images become their
 * description (no remote pictures in an inbox), and every text is escaped.
 */
import escapeHtml from 'escape-html';
import { markdownToMdast } from 'satteri';

interface Node {
  type: string;
  value?: string;
  children?: Node[];
  url?: string;
  alt?: string | null;
  depth?: number;
  ordered?: boolean | null;
  start?: number | null;
  identifier?: string;
  label?: string | null;
}

type Target = 'email' | 'telegram' | 'text';

const SAFE_URL = /^(https?:\/\/|mailto:)/i;

function safeUrl(url: string | undefined): string | null {
  const u = (url ?? '').trim();
  return SAFE_URL.test(u) ? u : null;
}

const EMAIL_STYLE = {
  p: 'margin:0 0 16px',
  h: 'margin:24px 0 12px;font-size:18px;line-height:1.3',
  code: 'font-family:ui-monospace,Menlo,Consolas,monospace;background:#f1f4f2;padding:1px 4px;border-radius:4px',
  pre: 'font-family:ui-monospace,Menlo,Consolas,monospace;background:#f1f4f2;padding:12px;border-radius:6px;white-space:pre-wrap;margin:0 0 16px',
  quote: 'margin:0 0 16px;padding:0 0 0 12px;border-left:3px solid #dde3de;color:#56635b',
  list: 'margin:0 0 16px;padding-left:24px',
  table: 'border-collapse:collapse;margin:0 0 16px',
  cell: 'border:1px solid #dde3de;padding:4px 8px',
};

class Renderer {
  private readonly definitions = new Map<string, string>();
  /** How many Telegram blockquotes enclose the block being rendered. */
  private quoteDepth = 0;

  constructor(
    private readonly target: Target,
    root: Node,
  ) {
    this.collect(root);
  }

  private collect(node: Node): void {
    if (node.type === 'definition' && node.identifier && node.url) {
      this.definitions.set(node.identifier.toLowerCase(), node.url);
    }
    for (const c of node.children ?? []) this.collect(c);
  }

  private esc(s: string): string {
    return this.target === 'text' ? s : escapeHtml(s);
  }

  private inline(nodes: Node[] | undefined): string {
    return (nodes ?? []).map((n) => this.inlineNode(n)).join('');
  }

  private wrap(tag: string, inner: string, style?: string): string {
    if (this.target === 'text') return inner;
    return this.target === 'email' && style
      ? `<${tag} style="${style}">${inner}</${tag}>`
      : `<${tag}>${inner}</${tag}>`;
  }

  private link(url: string | null, inner: string, plain: string): string {
    if (!url) return inner;
    if (this.target === 'text') return plain === url ? url : `${inner} (${url})`;
    return `<a href="${escapeHtml(url)}">${inner}</a>`;
  }

  private inlineNode(n: Node): string {
    switch (n.type) {
      case 'text':
        return this.esc(n.value ?? '');
      case 'html':
        // Raw HTML is never passed through: the admin sees it as text in the preview.
        return this.esc(n.value ?? '');
      case 'strong':
        return this.wrap('b', this.inline(n.children));
      case 'emphasis':
        return this.wrap('i', this.inline(n.children));
      case 'delete':
        return this.wrap('s', this.inline(n.children));
      case 'inlineCode':
        return this.wrap('code', this.esc(n.value ?? ''), EMAIL_STYLE.code);
      case 'break':
        return this.target === 'email' ? '<br>' : '\n';
      case 'link':
        return this.link(safeUrl(n.url), this.inline(n.children), plainText(n));
      case 'linkReference': {
        const url = safeUrl(this.definitions.get((n.identifier ?? '').toLowerCase()));
        return this.link(url, this.inline(n.children), plainText(n));
      }
      case 'image':
      case 'imageReference':
        return this.esc(n.alt ?? '');
      default:
        return n.children ? this.inline(n.children) : this.esc(n.value ?? '');
    }
  }

  /** Blocks joined: HTML elements for email, blank lines for Telegram and text. */
  blocks(nodes: Node[] | undefined): string {
    const parts = (nodes ?? []).map((n) => this.block(n)).filter((s) => s !== '');
    return parts.join(this.target === 'email' ? '\n' : '\n\n');
  }

  private list(n: Node): string {
    const items = n.children ?? [];
    const start = n.start ?? 1;
    if (this.target === 'email') {
      const tag = n.ordered ? 'ol' : 'ul';
      const lis = items.map((li) => `<li>${this.listItem(li)}</li>`).join('');
      return `<${tag} style="${EMAIL_STYLE.list}">${lis}</${tag}>`;
    }
    return items.map((li, i) => `${n.ordered ? `${start + i}.` : '•'} ${this.listItem(li)}`).join('\n');
  }

  /** A list item's content: its paragraphs inline, nested blocks after them. */
  private listItem(li: Node): string {
    const parts = (li.children ?? []).map((c) => (c.type === 'paragraph' ? this.inline(c.children) : this.block(c)));
    return parts.join(this.target === 'email' ? '<br>' : '\n');
  }

  private block(n: Node): string {
    const email = this.target === 'email';
    switch (n.type) {
      case 'paragraph':
        return email ? `<p style="${EMAIL_STYLE.p}">${this.inline(n.children)}</p>` : this.inline(n.children);
      case 'heading':
        return email
          ? `<h2 style="${EMAIL_STYLE.h}">${this.inline(n.children)}</h2>`
          : this.wrap('b', this.inline(n.children));
      case 'list':
        return this.list(n);
      case 'blockquote':
        if (email) return `<blockquote style="${EMAIL_STYLE.quote}">${this.blocks(n.children)}</blockquote>`;
        if (this.target === 'telegram') {
          // Telegram refuses a blockquote inside another: an inner quote keeps its text without the tag.
          if (this.quoteDepth > 0) return this.blocks(n.children);
          this.quoteDepth++;
          try {
            return `<blockquote>${this.blocks(n.children)}</blockquote>`;
          } finally {
            this.quoteDepth--;
          }
        }
        return this.blocks(n.children)
          .split('\n')
          .map((l) => `> ${l}`)
          .join('\n');
      case 'code':
        return this.wrap('pre', this.esc(n.value ?? ''), EMAIL_STYLE.pre);
      case 'thematicBreak':
        return email ? '<hr style="border:0;border-top:1px solid #dde3de;margin:16px 0">' : '———';
      case 'html':
        return email ? `<p style="${EMAIL_STYLE.p}">${this.esc(n.value ?? '')}</p>` : this.esc(n.value ?? '');
      case 'table':
        return this.table(n);
      case 'definition':
      case 'yaml':
      case 'toml':
        return '';
      default:
        return n.children ? this.blocks(n.children) : this.esc(n.value ?? '');
    }
  }

  private table(n: Node): string {
    const rows = n.children ?? [];
    if (this.target !== 'email') {
      return rows.map((r) => (r.children ?? []).map((c) => this.inline(c.children)).join(' | ')).join('\n');
    }
    const trs = rows
      .map(
        (r) =>
          `<tr>${(r.children ?? []).map((c) => `<td style="${EMAIL_STYLE.cell}">${this.inline(c.children)}</td>`).join('')}</tr>`,
      )
      .join('');
    return `<table style="${EMAIL_STYLE.table}">${trs}</table>`;
  }
}

/** The visible text of a node (a link's own words). */
function plainText(n: Node): string {
  if (n.value !== undefined) return n.value;
  return (n.children ?? []).map(plainText).join('');
}

export interface RenderedBroadcast {
  /** The body as email HTML (without the greeting and footer the email adds). */
  emailHtml: string;
  /** The body as plain text (the email's text part). */
  text: string;
  /** The body in Telegram's HTML subset (parse_mode HTML). */
  telegramHtml: string;
  /** Characters Telegram counts (the text after its tags are parsed). */
  telegramLength: number;
}

const unescape = (s: string) =>
  s.replace(/&(lt|gt|quot|#39|amp);/g, (_, e: string) => ({ lt: '<', gt: '>', quot: '"', '#39': "'", amp: '&' })[e]!);

/** Renders a broadcast's Markdown for each channel. */
export function renderBroadcast(markdown: string): RenderedBroadcast {
  const root = markdownToMdast(markdown, {
    features: { gfm: { footnotes: false }, frontmatter: false },
    position: false,
  }) as unknown as Node;
  const telegramHtml = new Renderer('telegram', root).blocks(root.children);
  return {
    emailHtml: new Renderer('email', root).blocks(root.children),
    text: new Renderer('text', root).blocks(root.children),
    telegramHtml,
    telegramLength: unescape(telegramHtml.replace(/<[^>]*>/g, '')).length,
  };
}

/** The Telegram message: the title in bold over the body, within Telegram's limit. */
export function telegramMessage(title: string, rendered: RenderedBroadcast): { html: string; length: number } {
  const html = `<b>${escapeHtml(title)}</b>\n\n${rendered.telegramHtml}`;
  return { html, length: title.length + 2 + rendered.telegramLength };
}
