import { expect, test } from './fixtures';
import { axe } from './axe';
import { ROUTES } from './routes';

const STATIC = ROUTES.filter((r) => r.prerendered).map((r) => r.path);

test.describe('halaman publik pra-render', () => {
  for (const path of STATIC) {
    test(`${path} tidak memuat React`, async ({ page }) => {
      const scripts: string[] = [];
      page.on('response', async (res) => {
        if (res.request().resourceType() === 'script') scripts.push(await res.text());
      });
      await page.goto(path, { waitUntil: 'networkidle' });
      const html = await page.content();
      expect(html).not.toContain('<astro-island');
      for (const js of scripts) {
        // React's production builds link every error to react.dev; no React code may load here.
        expect(js).not.toContain('react.dev/errors');
        expect(js).not.toMatch(/react-dom|__reactFiber|scheduler\.production/);
      }
    });

    test(`${path} lolos pemeriksaan aksesibilitas axe`, async ({ page }) => {
      await page.goto(path);
      const results = await axe(page).analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  }
});
