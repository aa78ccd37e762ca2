/**
 * The header's theme button: switches between light and dark and remembers the choice on this device.
 * With no choice stored, the theme follows the system setting, also when it changes.
 */
import { THEME_STORAGE_KEY } from './theme-keys';

type Theme = 'light' | 'dark';

const root = document.documentElement;
const current = (): Theme => (root.dataset.theme === 'dark' ? 'dark' : 'light');

function apply(theme: Theme): void {
  root.dataset.theme = theme;
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-theme-toggle]')) {
    button.setAttribute('aria-pressed', String(theme === 'dark'));
  }
  document.dispatchEvent(new CustomEvent('telaah:theme', { detail: theme }));
}

apply(current());
for (const button of document.querySelectorAll<HTMLButtonElement>('[data-theme-toggle]')) {
  button.addEventListener('click', () => {
    const next: Theme = current() === 'dark' ? 'light' : 'dark';
    try {
      localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // Private mode without storage: the choice lasts for this page only.
    }
    apply(next);
  });
}
matchMedia('(prefers-color-scheme: dark)').addEventListener('change', (e) => {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(THEME_STORAGE_KEY);
  } catch {
    // No storage: follow the system.
  }
  if (stored !== 'dark' && stored !== 'light') apply(e.matches ? 'dark' : 'light');
});
