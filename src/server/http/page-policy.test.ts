import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineContents, ownPolicy, RUNTIME_HASHES } from './page-policy';

const sha256 = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;
const sha384 = (s: string) => `'sha384-${createHash('sha384').update(s).digest('base64')}'`;

const THEME = "document.documentElement.dataset.theme='dark'";
const ISLAND = 'async function replaceServerIsland(id, r) { if (a > b) return; }';
const HERO = '.hero{max-width:46rem}';
const OTHER_SCRIPT = 'console.log("another page")';
const OTHER_STYLE = '.other{color:red}';

const HTML = `<!doctype html><html><head><script>${THEME}</script>
<script type="application/ld+json">{"@type":"Organization"}</script>
<script type="module" src="/_astro/page.js"></script>
<style>${HERO}</style></head>
<body><SCRIPT type="module" data-island-id="a>b">${ISLAND}</SCRIPT></body></html>`;

const POLICY = [
  "default-src 'self'",
  "img-src 'self' data:",
  `script-src 'self' ${sha256(THEME)} ${sha256(OTHER_SCRIPT)} ${sha256(ISLAND)}`,
  `style-src 'self' ${sha256(OTHER_STYLE)} ${sha256(HERO)} '${RUNTIME_HASHES.style[0]}'`,
  "style-src-attr 'unsafe-inline'",
  "frame-ancestors 'none'",
].join('; ');

describe('inlineContents', () => {
  it('finds inline scripts and styles, not external scripts, whatever the case of the tag', () => {
    const found = inlineContents(HTML);
    expect(found.script).toEqual([THEME, '{"@type":"Organization"}', ISLAND]);
    expect(found.style).toEqual([HERO]);
  });
});

describe('ownPolicy', () => {
  it('keeps only the hashes of the inline code the page holds, plus the runtime ones', () => {
    expect(ownPolicy(POLICY, HTML)).toBe(
      [
        "default-src 'self'",
        "img-src 'self' data:",
        `script-src 'self' ${sha256(THEME)} ${sha256(ISLAND)}`,
        `style-src 'self' ${sha256(HERO)} '${RUNTIME_HASHES.style[0]}'`,
        "style-src-attr 'unsafe-inline'",
        "frame-ancestors 'none'",
      ].join('; '),
    );
  });

  it('never adds a hash the policy did not list (the ld+json block and a script hash under style-src)', () => {
    const policy = `script-src 'self'; style-src 'self' ${sha256(THEME)}`;
    expect(ownPolicy(policy, HTML)).toBe("script-src 'self'; style-src 'self'");
  });

  it('takes each hash with its own algorithm', () => {
    const policy = `script-src ${sha384(THEME)} ${sha384(OTHER_SCRIPT)}`;
    expect(ownPolicy(policy, HTML)).toBe(`script-src ${sha384(THEME)}`);
  });

  it('leaves a policy without script or style hashes as it was', () => {
    const policy = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'";
    expect(ownPolicy(policy, HTML)).toBe(policy);
  });

  it('leaves no hash for a page without inline code (its directives then allow only their other sources)', () => {
    expect(ownPolicy(`script-src 'self' ${sha256(THEME)}; style-src ${sha256(HERO)}`, '<p>Halo</p>')).toBe(
      "script-src 'self'; style-src",
    );
  });
});
