/**
 * Each page's Content-Security-Policy narrowed to the inline code it holds (docs/decisions/0049-…).
 *
 * Astro writes the hashes of every inline script and style of the whole build into every page's policy:
 * the landing page holds 1 inline style and 5 inline scripts but its policy lists 49 style and 19 script
 * hashes, 3,5 KB of its 3,9 KB, written (and checked by Node) on every response. `ownPolicy` keeps, in
 * the `script-src` and `style-src` directives, only the hashes of the inline `<script>` and `<style>`
 * elements the page's HTML holds, plus `RUNTIME_HASHES` (inline code that arrives after the page).
 * Every other source of the policy stays as it is: the result only ever allows less.
 *
 * Server islands are the one way Telaah's pages receive HTML later that may run code (Astro inserts
 * their fragments with `createContextualFragment`, which runs scripts under the page's policy). Their
 * components hold no inline script or style (their styles are bundled with the page's); one that needs
 * one must list its hash in RUNTIME_HASHES. The e2e fixtures fail any story on a CSP violation.
 */
import { createHash } from 'node:crypto';

/**
 * Inline code added after the page has loaded, which no page's HTML shows: lightweight-charts injects
 * one fixed stylesheet of its own (astro.config.mjs lists it for Astro, this for the narrowing).
 */
export const RUNTIME_HASHES = {
  style: ['sha256-3pRED1tOXas1FXFoPb9TGCjmYe9XQsmO9OV23khV2nY='],
  script: [] as string[],
} as const;

// Raw text elements: their content ends at the first closing tag, entities are not decoded, and the
// browser hashes exactly that text. Attribute values may hold `>` when quoted.
const ELEMENT = /<(script|style)\b((?:[^>"']|"[^"]*"|'[^']*')*)>([\s\S]*?)<\/\1\s*>/gi;
const HAS_SRC = /\ssrc\s*=/i;
const HASH_SOURCE = /^'(sha256|sha384|sha512)-([A-Za-z0-9+/=]+)'$/;

/** The inline script and style contents of `html`, by kind (external scripts left out). */
export function inlineContents(html: string): { script: string[]; style: string[] } {
  const found = { script: [] as string[], style: [] as string[] };
  for (const [, tag, attributes, content] of html.matchAll(ELEMENT)) {
    const kind = tag!.toLowerCase() as 'script' | 'style';
    if (kind === 'script' && HAS_SRC.test(attributes!)) continue;
    found[kind].push(content!);
  }
  return found;
}

function digest(algorithm: string, content: string): string {
  return createHash(algorithm).update(content).digest('base64');
}

/**
 * `policy` with the hash sources of its script and style directives (`script-src`, `script-src-elem`,
 * `style-src`, `style-src-elem`) narrowed to those of the inline elements of `html` and RUNTIME_HASHES.
 * A hash the policy did not list is never added; every other directive and source is kept as written.
 */
export function ownPolicy(policy: string, html: string): string {
  const inline = inlineContents(html);
  const needed = { script: new Set<string>(RUNTIME_HASHES.script), style: new Set<string>(RUNTIME_HASHES.style) };
  const computed = new Set<string>();
  const allowed = (kind: 'script' | 'style', algorithm: string, value: string): boolean => {
    const key = `${kind}:${algorithm}`;
    if (!computed.has(key)) {
      computed.add(key);
      for (const content of inline[kind]) needed[kind].add(`${algorithm}-${digest(algorithm, content)}`);
    }
    return needed[kind].has(`${algorithm}-${value}`);
  };
  return policy
    .split(';')
    .map((directive) => {
      const sources = directive.trim().split(/\s+/);
      const name = sources[0]?.toLowerCase() ?? '';
      const kind =
        name === 'script-src' || name === 'script-src-elem' ? 'script' : name.startsWith('style-src') ? 'style' : null;
      // style-src-attr governs style attributes, which hashes do not concern.
      if (!kind || name === 'style-src-attr') return directive.trim();
      return sources
        .filter((source, i) => {
          const hash = i > 0 && HASH_SOURCE.exec(source);
          return !hash || allowed(kind, hash[1]!, hash[2]!);
        })
        .join(' ');
    })
    .filter(Boolean)
    .join('; ');
}
