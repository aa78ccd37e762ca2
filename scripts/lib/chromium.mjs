/**
 * The Chromium the browser tests drive (Playwright cannot download its own here): Debian's
 * `chromium-headless-shell`, Chromium's old headless mode, first; the full `chromium` (its new headless
 * mode) when only that is installed. The shell runs the same Blink and V8 without the browser's UI
 * layers: three e2e specs (75 stories) took 82 s of wall time and 45 s of CPU with it, 119 s and 73 s
 * with the full browser (docs/performance.md, "Test suite"; decision 0053). `CHROMIUM_PATH` overrides.
 */
import { existsSync } from 'node:fs';

/** The Debian package installed when no Chromium is found, and the binary it installs. */
export const PREFERRED_CHROMIUM = { pkg: 'chromium-headless-shell', path: '/usr/bin/chromium-headless-shell' };

/** Debian's packages, in order of preference. */
const CHROMIUM_PACKAGES = [PREFERRED_CHROMIUM, { pkg: 'chromium', path: '/usr/bin/chromium' }];

/** `CHROMIUM_PATH`, else the first of {@link CHROMIUM_PACKAGES} installed, else the preferred one's path. */
export function chromiumPath() {
  return (
    process.env.CHROMIUM_PATH ?? CHROMIUM_PACKAGES.find((c) => existsSync(c.path))?.path ?? PREFERRED_CHROMIUM.path
  );
}
