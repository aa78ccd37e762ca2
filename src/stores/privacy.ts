/**
 * "Sembunyikan nominal": one switch for every portfolio island and page. The choice is remembered in
 * this browser (localStorage) and mirrored on `<html data-hide-amounts>`, which the stylesheet uses to
 * mask every `.amount` before any island has loaded (see `PrivacyInit.astro`).
 */
import { atom } from 'nanostores';

const HIDE_AMOUNTS_KEY = 'telaah:sembunyikan-nominal';
const HIDE_AMOUNTS_ATTR = 'data-hide-amounts';

const inBrowser = typeof document !== 'undefined';

/** True while amounts are hidden. */
export const $hideAmounts = atom<boolean>(inBrowser && document.documentElement.hasAttribute(HIDE_AMOUNTS_ATTR));

export function setHideAmounts(hide: boolean): void {
  $hideAmounts.set(hide);
}

export function toggleHideAmounts(): void {
  $hideAmounts.set(!$hideAmounts.get());
}

if (inBrowser) {
  $hideAmounts.listen((hide) => {
    document.documentElement.toggleAttribute(HIDE_AMOUNTS_ATTR, hide);
    try {
      if (hide) localStorage.setItem(HIDE_AMOUNTS_KEY, '1');
      else localStorage.removeItem(HIDE_AMOUNTS_KEY);
    } catch {
      // Private mode without storage: the switch still works for this page.
    }
  });
  // Another tab switched: follow it.
  window.addEventListener('storage', (e) => {
    if (e.key === HIDE_AMOUNTS_KEY) $hideAmounts.set(e.newValue === '1');
  });
}
