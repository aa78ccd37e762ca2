/** Installs the service worker (src/pages/sw.js.ts) that keeps the public guide readable offline. */
if ('serviceWorker' in navigator) {
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
    // Without a worker the site works as before, only not offline.
  });
}
