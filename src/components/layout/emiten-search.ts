/**
 * Suggestions as you type for the header's emiten search (a WAI-ARIA 1.2 combobox with a listbox
 * popup). Plain DOM, no framework: the header is on pre-rendered pages that ship no React. Without
 * JavaScript the form still submits to /analisis?q=.
 */
import { shortName, suggestEmiten, type EmitenIndexEntry } from '../../lib/emiten-suggest';

let index: Promise<EmitenIndexEntry[]> | undefined;
const loadIndex = () =>
  (index ??= fetch('/api/emiten.json')
    .then((r) => (r.ok ? (r.json() as Promise<EmitenIndexEntry[]>) : []))
    .catch(() => {
      index = undefined; // try again on the next keystroke
      return [];
    }));

function enhance(input: HTMLInputElement): void {
  const form = input.form;
  if (!form || input.dataset.enhanced) return;
  input.dataset.enhanced = 'true';
  const listId = `${input.id}-saran`;
  const list = document.createElement('ul');
  list.id = listId;
  list.className = 'suggest-list';
  list.setAttribute('role', 'listbox');
  list.setAttribute('aria-label', 'Saran emiten');
  list.hidden = true;
  const status = document.createElement('p');
  status.className = 'visually-hidden';
  // A plain live region (not role=status): it announces the suggestion count without adding a status
  // element to every page beside the page's own messages.
  status.setAttribute('aria-live', 'polite');
  status.setAttribute('aria-atomic', 'true');
  form.append(list, status);
  input.setAttribute('role', 'combobox');
  input.setAttribute('aria-autocomplete', 'list');
  input.setAttribute('aria-expanded', 'false');
  input.setAttribute('aria-controls', listId);

  let items: EmitenIndexEntry[] = [];
  let active = -1;

  const go = (e: EmitenIndexEntry) => window.location.assign(`/analisis/${e.t}`);
  const close = () => {
    list.hidden = true;
    active = -1;
    input.setAttribute('aria-expanded', 'false');
    input.removeAttribute('aria-activedescendant');
  };
  const highlight = (i: number) => {
    active = i;
    [...list.children].forEach((li, j) => li.setAttribute('aria-selected', String(j === i)));
    if (i >= 0) {
      input.setAttribute('aria-activedescendant', `${listId}-${i}`);
      list.children[i]?.scrollIntoView({ block: 'nearest' });
    } else input.removeAttribute('aria-activedescendant');
  };
  const render = () => {
    list.replaceChildren(
      ...items.map((e, i) => {
        const li = document.createElement('li');
        li.id = `${listId}-${i}`;
        li.setAttribute('role', 'option');
        li.setAttribute('aria-selected', 'false');
        const t = document.createElement('strong');
        t.textContent = e.t;
        const n = document.createElement('span');
        // The index holds listed companies only; `d` is a delisting announced for a later day.
        n.textContent = ` ${shortName(e.n)}${e.d ? ' (akan delisting)' : ''}`;
        li.append(t, n);
        // Keep focus in the input while clicking an option.
        li.addEventListener('mousedown', (ev) => ev.preventDefault());
        li.addEventListener('click', () => go(e));
        return li;
      }),
    );
    const open = items.length > 0;
    list.hidden = !open;
    input.setAttribute('aria-expanded', String(open));
    active = -1;
    input.removeAttribute('aria-activedescendant');
    status.textContent = input.value.trim()
      ? open
        ? `${items.length} saran emiten. Gunakan panah atas dan bawah untuk memilih.`
        : 'Tidak ada emiten yang cocok.'
      : '';
  };
  const update = async () => {
    const q = input.value;
    const all = await loadIndex();
    if (q !== input.value) return; // a newer keystroke already updated the list
    items = suggestEmiten(all, q);
    render();
  };

  input.addEventListener('input', () => void update());
  // Someone quick may already be typing when this script arrives.
  if (document.activeElement === input && input.value.trim()) void update();
  input.addEventListener('focus', () => void loadIndex());
  input.addEventListener('blur', close);
  input.addEventListener('keydown', (ev) => {
    if (ev.key === 'ArrowDown' || ev.key === 'ArrowUp') {
      ev.preventDefault();
      if (list.hidden) {
        void update();
        return;
      }
      // Positions cycle through the options and back to the text field (slot n, active = -1).
      const n = items.length;
      const pos = active === -1 ? n : active;
      const next = (pos + (ev.key === 'ArrowDown' ? 1 : -1) + n + 1) % (n + 1);
      highlight(next === n ? -1 : next);
    } else if (ev.key === 'Enter' && !list.hidden && items[active]) {
      ev.preventDefault();
      go(items[active]!);
    } else if (ev.key === 'Escape' && !list.hidden) {
      ev.preventDefault();
      close();
    }
  });
}

document.querySelectorAll<HTMLInputElement>('input[data-emiten-search]').forEach(enhance);
