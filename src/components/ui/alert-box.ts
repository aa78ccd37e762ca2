/**
 * The message box's rule, one place for its three renderers (`Alert.astro` on pages, `Alert.tsx` in React
 * islands, `alertElement()` in DOM scripts): `kind` picks the colour (`alert alert-{kind}` in
 * styles/global.css) and, unless the caller says otherwise, how assistive technology hears it: an error
 * interrupts (`role="alert"`), anything else is read politely (`role="status"`); `null` for a message that
 * is part of the page as it loads, or sits in a live region already, and needs no announcement.
 */

export type AlertKind = 'info' | 'success' | 'warning' | 'error';
export type AlertRole = 'alert' | 'status' | 'note' | null;

/** The classes of a box of `kind`, with the caller's own after them. */
export function alertClass(kind: AlertKind, extra?: string | null): string {
  return ['alert', `alert-${kind}`, extra].filter(Boolean).join(' ');
}

/** The role a box of `kind` takes: the caller's when given (null: none), else by kind. */
export function alertRole(kind: AlertKind, role?: AlertRole): Exclude<AlertRole, null> | undefined {
  if (role === undefined) return kind === 'error' ? 'alert' : 'status';
  return role ?? undefined;
}

/** A paragraph message box for scripts without a UI framework. */
export function alertElement(
  kind: AlertKind,
  text: string,
  opts: { role?: AlertRole; className?: string } = {},
): HTMLParagraphElement {
  const p = document.createElement('p');
  p.className = alertClass(kind, opts.className);
  const role = alertRole(kind, opts.role);
  if (role) p.setAttribute('role', role);
  p.textContent = text;
  return p;
}
