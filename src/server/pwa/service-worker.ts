/**
 * The service worker's source. It keeps a copy of the public, pre-rendered reading pages (guide, FAQ,
 * course overviews) and the offline page, fetched without cookies so no member's view is ever stored,
 * plus the hashed build assets (`/_astro/…`) those pages use. Navigations go to the network first;
 * offline, a kept page is shown, anything else (a form post too) gets the offline page. Nothing else is
 * cached: no API response, no member page, no analysis text.
 */

export interface WorkerOptions {
  /** Changes with every build so browsers install the new worker. */
  version: string;
  /** Same-origin paths kept for offline reading. */
  pages: string[];
  offlinePage: string;
}

export function serviceWorkerSource({ version, pages, offlinePage }: WorkerOptions): string {
  return `'use strict';
const CACHE = 'telaah-${version}';
const PAGES = ${JSON.stringify(pages)};
const OFFLINE = ${JSON.stringify(offlinePage)};

// A page fetched without cookies is the version everyone gets: safe to keep.
async function keep(cache, path) {
  const res = await fetch(path, { credentials: 'omit', cache: 'no-store' });
  if (!res.ok) return;
  const html = await res.clone().text();
  await cache.put(path, res);
  // The stylesheets and scripts the page names, so it reads well offline.
  const assets = [...html.matchAll(/(?:href|src)="(\\/_astro\\/[^"]+)"/g)].map((m) => m[1]);
  await Promise.all(assets.map((a) => cache.add(new Request(a, { credentials: 'omit' })).catch(() => {})));
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) => Promise.all([OFFLINE, ...PAGES].map((p) => keep(cache, p).catch(() => {})))).then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys().then((keys) => Promise.all(keys.filter((k) => k.startsWith('telaah-') && k !== CACHE).map((k) => caches.delete(k)))).then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  if (req.method === 'POST' && req.mode === 'navigate') {
    // A form sent without a connection: the offline page instead of the browser's error page. The form's
    // own script kept what was typed (docs/product.md §10.8). Nothing of the request is stored.
    event.respondWith(fetch(req).catch(async () => (await caches.match(OFFLINE, { cacheName: CACHE })) || Response.error()));
    return;
  }
  if (req.method !== 'GET') return;
  if (req.mode === 'navigate') {
    event.respondWith(
      fetch(req).catch(async () => {
        const cache = await caches.open(CACHE);
        const path = url.pathname.length > 1 ? url.pathname.replace(/\\/+$/, '') : url.pathname;
        return (PAGES.includes(path) && (await cache.match(path))) || (await cache.match(OFFLINE)) || Response.error();
      }),
    );
    return;
  }
  if (url.pathname.startsWith('/_astro/')) {
    // Hashed build files never change: kept once fetched.
    event.respondWith(
      caches.open(CACHE).then(async (cache) => {
        const hit = await cache.match(req);
        if (hit) return hit;
        const res = await fetch(req);
        if (res.ok) cache.put(req, res.clone());
        return res;
      }),
    );
  }
});
`;
}
