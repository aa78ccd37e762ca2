// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import mdx from '@astrojs/mdx';
import auth from 'auth-astro';

export default defineConfig({
  site: process.env.APP_URL ?? 'http://localhost:4321',
  adapter: node({ mode: 'standalone' }),
  integrations: [react(), mdx(), auth()],
  server: { port: Number(process.env.PORT ?? 4321), host: process.env.HOST ?? 'localhost' },
  security: { checkOrigin: true },
  trailingSlash: 'never',
  vite: {
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
