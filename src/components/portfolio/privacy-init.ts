/**
 * The inline script that masks amounts before the first paint (see PrivacyInit.astro), and the CSP
 * hash that lets it run. Both come from this one string, so they cannot drift apart.
 */
import { createHash } from 'node:crypto';

export const PRIVACY_INIT_JS =
  "try{if(localStorage.getItem('telaah:sembunyikan-nominal')==='1')document.documentElement.setAttribute('data-hide-amounts','')}catch{}";

const PRIVACY_INIT_HASH = `sha256-${createHash('sha256').update(PRIVACY_INIT_JS).digest('base64')}` as const;

/** Allows the script on this page; call it in the page's frontmatter (the policy is written before components render). */
export function allowPrivacyInit(ctx: { csp?: { insertScriptHash: (hash: `sha256-${string}`) => void } }): void {
  ctx.csp?.insertScriptHash(PRIVACY_INIT_HASH);
}
