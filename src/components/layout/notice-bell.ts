/**
 * Fills the header bell's unread count from `/api/notifications/unread` (members only: the bell is
 * rendered for a signed-in viewer). Without JavaScript the bell is a plain link to /notifikasi.
 */
async function fill(bell: HTMLAnchorElement): Promise<void> {
  if (bell.dataset.filled) return;
  bell.dataset.filled = 'true';
  try {
    const res = await fetch('/api/notifications/unread', { headers: { accept: 'application/json' } });
    if (!res.ok) return;
    const { unread } = (await res.json()) as { unread: number };
    if (!unread) return;
    const count = bell.querySelector<HTMLElement>('[data-notice-count]');
    if (count) {
      count.textContent = unread > 99 ? '99+' : String(unread);
      count.hidden = false;
    }
    bell.setAttribute('aria-label', `Notifikasi, ${unread} belum dibaca`);
  } catch {
    // The count is a hint; the link works without it.
  }
}

const scan = () => document.querySelectorAll<HTMLAnchorElement>('a[data-notice-bell]').forEach((b) => void fill(b));
scan();
// The account slot is a server island: it arrives after this script ran.
new MutationObserver(scan).observe(document.body, { childList: true, subtree: true });
