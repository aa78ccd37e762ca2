/**
 * A row of a member's file, quoted back in an error message: control and format characters (NUL, escape,
 * bidi overrides, zero-width marks…) written as `\u{…}` so nothing invisible or reordering reaches the
 * page, and cut at `max` characters (whole code points, never half a surrogate pair) with an ellipsis.
 */
const ROW_QUOTE_MAX = 80;

export function quoteRow(text: string, max = ROW_QUOTE_MAX): string {
  const line = text.replace(/\r$/, '');
  const chars = [...line];
  const cut = chars.length > max ? chars.slice(0, max) : chars;
  const shown = cut
    .map((c) => (/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(c) ? `\\u{${c.codePointAt(0)!.toString(16).toUpperCase()}}` : c))
    .join('');
  return chars.length > max ? `${shown}…` : shown;
}
