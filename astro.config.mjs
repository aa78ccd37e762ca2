// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import mdx from '@astrojs/mdx';

export default defineConfig({
  site: process.env.APP_URL ?? 'http://localhost:4321',
  adapter: node({ mode: 'standalone' }),
  integrations: [react(), mdx()],
  server: { port: Number(process.env.PORT ?? 4321), host: process.env.HOST ?? 'localhost' },
  security: { checkOrigin: true },
  trailingSlash: 'never',
});
