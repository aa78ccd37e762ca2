// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import mdx from '@astrojs/mdx';
import sentry from '@sentry/astro';
import auth from 'auth-astro';
import { THEME_INIT_HASH } from './src/components/layout/theme-init.ts';
import { RUNTIME_HASHES } from './src/server/http/page-policy.ts';
import serving from './scripts/lib/serving-integration.ts';

export default defineConfig({
  site: process.env.APP_URL ?? 'http://localhost:4321',
  // staticHeaders: pre-rendered pages get their Content-Security-Policy as a header (with
  // frame-ancestors), not as a meta tag; scripts/start.ts serves them (docs/decisions/0006).
  adapter: node({ mode: 'standalone', staticHeaders: true }),
  integrations: [
    react(),
    mdx(),
    auth(),
    // SDKs start only when SENTRY_DSN is set at run time; no source-map upload, no build telemetry.
    sentry({
      sourcemaps: { disable: true },
      telemetry: false,
      clientInitPath: 'src/components/monitoring/browser-loader.ts',
      serverInitPath: 'src/server/integrations/sentry.ts',
      // src/middleware.ts runs Sentry's request handler itself, and only when monitoring is on.
      autoInstrumentation: { requestHandler: false },
    }),
    // Bundles the server programs and pre-compresses static files (docs/decisions/0016-serving.md).
    serving(),
  ],
  server: { port: Number(process.env.PORT ?? 4321), host: process.env.HOST ?? 'localhost' },
  security: {
    checkOrigin: true,
    // Scripts: same origin and the hashes Astro computes for inline ones (server islands included).
    // Pages that need more add it themselves (src/server/http/csp.ts).
    csp: {
      algorithm: 'SHA-256',
      directives: [
        "default-src 'self'",
        "connect-src 'self'",
        "img-src 'self' data:",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ],
      // The theme script runs inline in every page's head, before the first paint.
      scriptDirective: { resources: ["'self'"], hashes: [THEME_INIT_HASH] },
      // Styles: same origin and hashed style elements (Astro's default), plus style attributes, which
      // server-rendered React islands and MDX code blocks write and which cannot run code.
      // lightweight-charts injects one fixed stylesheet of its own; its hash is listed so it may apply
      // (and kept when each page's policy is narrowed to its own inline code, src/server/http/page-policy.ts).
      styleDirective: {
        resources: [{ resource: "'unsafe-inline'", kind: 'attribute' }],
        hashes: [...RUNTIME_HASHES.style],
      },
    },
  },
  trailingSlash: 'never',
  vite: {
    // The browser sends errors only: Sentry's documented flag drops its tracing code from the bundle.
    // __BUILD_ID__ names the service worker's cache, so each build replaces the last one's.
    define: { __SENTRY_TRACING__: false, __BUILD_ID__: JSON.stringify(Date.now().toString(36)) },
    build: {
      rollupOptions: {
        // MDX modules carry Astro's own head-inject directive; the bundler's notice about it is noise.
        onwarn(warning, warn) {
          if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
        },
      },
    },
  },
});
