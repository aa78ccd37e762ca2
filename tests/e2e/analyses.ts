/**
 * The demo analyses as the gating tests see them, read straight from content/ with no help from the
 * app's own teaser code: each one's URL, tier, a phrase from its public first section and phrases from
 * every later section (the part readers below its tier must never receive).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface DemoAnalysis {
  file: string;
  url: string;
  tier: 'gratis' | 'reguler' | 'premium';
  /** A phrase of the first section: the public teaser. */
  teaser: string;
  /** One phrase from each section after the first. */
  hidden: string[];
}

const CONTENT = path.resolve('content');

function field(frontmatter: string, name: string): string {
  const m = new RegExp(`^${name}:\\s*"?([^"\\n]+)"?\\s*$`, 'm').exec(frontmatter);
  if (!m?.[1]) throw new Error(`No ${name} in frontmatter`);
  return m[1].trim();
}

/**
 * A distinctive run of plain words (letters, digits, spaces, commas) from the section's first prose
 * paragraph, long enough to be unique and free of characters that Markdown or HTML would rewrite.
 */
function phrase(section: string): string {
  const paragraphs = section.split(/\n\s*\n/).slice(1);
  let best = '';
  for (const p of paragraphs) {
    if (/^\s*#/.test(p)) continue;
    // Markup characters (*, _, [, `) are outside the class, so a run never spans an emphasis or link
    // and appears verbatim in HTML, JavaScript or JSON.
    const runs = p.match(/[A-Za-z0-9][A-Za-z0-9 ,]{22,}[A-Za-z0-9]/g) ?? [];
    for (const r of runs) if (r.length > best.length) best = r;
    if (best.length >= 40) break;
  }
  if (best) return best.slice(0, 80).trim();
  throw new Error(`No plain prose in section: ${section.slice(0, 60)}`);
}

function read(file: string, url: string): DemoAnalysis {
  const text = readFileSync(file, 'utf8');
  const [, frontmatter = '', body = ''] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text) ?? [];
  const sections = body.split(/^(?=## )/m).filter((s) => s.startsWith('## '));
  if (sections.length < 2) throw new Error(`${file}: fewer than two sections`);
  return {
    file: path.relative(process.cwd(), file),
    url,
    tier: field(frontmatter, 'tier') as DemoAnalysis['tier'],
    teaser: phrase(sections[0]!),
    hidden: sections.slice(1).map(phrase),
  };
}

export function demoAnalyses(): DemoAnalysis[] {
  const out: DemoAnalysis[] = [];
  for (const ticker of readdirSync(path.join(CONTENT, 'analisis'))) {
    for (const f of readdirSync(path.join(CONTENT, 'analisis', ticker))) {
      if (f.endsWith('.mdx') && !f.startsWith('_'))
        out.push(read(path.join(CONTENT, 'analisis', ticker, f), `/analisis/${ticker}/${f.slice(0, -4)}`));
    }
  }
  for (const f of readdirSync(path.join(CONTENT, 'analisis-non-emiten'))) {
    if (f.endsWith('.mdx') && !f.startsWith('_'))
      out.push(read(path.join(CONTENT, 'analisis-non-emiten', f), `/analisis/non-emiten/${f.slice(0, -4)}`));
  }
  return out;
}

/** Visible text of an HTML document: tags dropped, entities decoded, whitespace squeezed. */
export function htmlText(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/\s+/g, ' ');
}
