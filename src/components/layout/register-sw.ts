/** Installs the service worker (src/pages/sw.js.ts) that keeps the public guide readable offline. */
import { alertElement } from '../ui/alert-box';

if ('serviceWorker' in navigator) {
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
    // Without a worker the site works as before, only not offline.
  });
}

/**
 * Without a connection, a line under the header says so: a kept page is a copy, and the account menu
 * cannot say who is signed in (docs/product.md §10.8).
 */
function offlineNotice(): void {
  let notice = document.getElementById('luring');
  if (navigator.onLine) {
    notice?.remove();
    return;
  }
  if (notice) return;
  notice = alertElement(
    'info',
    'Tidak ada koneksi. Anda melihat salinan yang tersimpan di perangkat ini; masuk, menyimpan, dan halaman anggota menunggu koneksi kembali.',
    { className: 'offline-notice' },
  );
  notice.id = 'luring';
  // Inside the page's column, above its content.
  const column = document.querySelector('main > .container') ?? document.querySelector('main') ?? document.body;
  column.prepend(notice);
}
window.addEventListener('online', offlineNotice);
window.addEventListener('offline', offlineNotice);
offlineNotice();
