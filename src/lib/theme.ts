/** A colour of the page's current theme (a CSS custom property), or `fallback` outside a browser. */
export function themeColor(name: string, fallback: string): string {
  if (typeof document === 'undefined') return fallback;
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}
