/**
 * The address of one view of a page: `pathname` with `params` as its query, the empty ones left out. For links
 * that switch a view (a period, say) while keeping the page's other choices, and work without JavaScript.
 */
export function viewHref(pathname: string, params: Readonly<Record<string, string | null | undefined>>): string {
  const q = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) q.set(name, value);
  return `${pathname}?${q}`;
}
