import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * An axe run on `page` (all rules, as `new AxeBuilder({ page })`), made cheaper in two ways that do not
 * change which violations it finds (docs/performance.md):
 * - A page without frames is analysed by `axe.run` in the page itself (the builder's legacy mode). The
 *   default mode, made for pages with cross-origin frames, gathers each frame's partial results and then
 *   opens a blank page in the context to merge them, with axe injected once more there: a page, a renderer
 *   and a copy of the results on every run. A page with frames keeps the default mode.
 * - Only violations are detailed, the one result type the stories read: passes, incomplete and inapplicable
 *   results keep one node per rule instead of the HTML and selectors of every node axe looked at.
 */
export function axe(page: Page): AxeBuilder {
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  return page.frames().length === 1 ? builder.setLegacyMode() : builder;
}
