/**
 * Preloaded (`node --import`) into the e2e servers, which run with NODE_ENV=test: the app's fixed clock
 * (APP_NOW), its test page and its member pool need it, and production never honours them. React picks its
 * build from NODE_ENV when it is first required, so under NODE_ENV=test it would render every page with its
 * development build (prop checks, owner stacks, about twice the CPU per page), which production never runs.
 * This loads React's production build once, with NODE_ENV=production for that moment only, then puts the
 * test mode back; the server's `import 'react'` then finds the production modules in Node's module cache.
 * The app itself reads NODE_ENV through its configuration, after this, and sees `test`.
 */
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(path.join(process.cwd(), 'package.json'));
const mode = process.env.NODE_ENV;
process.env.NODE_ENV = 'production';
try {
  // What the built server imports (dist/server): React, its JSX runtime and its server renderer.
  for (const id of ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/server']) require(id);
} finally {
  if (mode === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = mode;
}
