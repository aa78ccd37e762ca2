/**
 * Control characters in request input: no text field, JSON string or query parameter may carry one
 * (tab, line feed and carriage return are text). PostgreSQL refuses NUL in text, and nothing in Telaah
 * has a use for the others. The JSON walk is iterative with a depth and a size limit, so no nesting can
 * make it throw or take long; a body it cannot finish is refused (`JSON_TOO_DEEP`), never let through.
 */

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Deeper JSON than any endpoint takes; the walk stops here and the body is refused. */
const MAX_JSON_DEPTH = 32;
/** More values than any endpoint takes (a 64 KiB body of `[0,0,…]` holds about 32 000). */
const MAX_JSON_NODES = 100_000;

/** What `controlInJson` answers for a body it will not walk to the end. */
export const JSON_TOO_DEEP = Symbol('json-too-deep');

/** The first field (name or value) holding a control character, in query-string or form pairs. */
function controlInPairs(pairs: Iterable<[string, unknown]>): string | undefined {
  for (const [name, value] of pairs) {
    if (CONTROL.test(name) || (typeof value === 'string' && CONTROL.test(value))) return name;
  }
  return undefined;
}

/**
 * The path of the first JSON string (key or value) holding a control character; JSON_TOO_DEEP when the
 * value nests deeper than MAX_JSON_DEPTH or holds more than MAX_JSON_NODES values.
 */
function controlInJson(root: unknown): string | typeof JSON_TOO_DEEP | undefined {
  const stack: { value: unknown; at: string; depth: number }[] = [{ value: root, at: '', depth: 0 }];
  let nodes = 0;
  while (stack.length > 0) {
    const { value, at, depth } = stack.pop()!;
    if (++nodes > MAX_JSON_NODES || depth > MAX_JSON_DEPTH) return JSON_TOO_DEEP;
    if (typeof value === 'string') {
      if (CONTROL.test(value)) return at || '(isi)';
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], at: `${at}[${i}]`, depth: depth + 1 });
    } else if (value && typeof value === 'object') {
      const entries = Object.entries(value);
      for (const [k] of entries) if (CONTROL.test(k)) return at ? `${at}.${k}` : k;
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, v] = entries[i]!;
        stack.push({ value: v, at: at ? `${at}.${k}` : k, depth: depth + 1 });
      }
    }
  }
  return undefined;
}

export function isJsonType(type: string): boolean {
  return type === 'application/json' || type.endsWith('+json');
}

/**
 * The field of a buffered body that holds a control character; undefined when there is none, and
 * JSON_TOO_DEEP for a JSON body too deep or too large to walk.
 */
export async function controlCharacterField(
  contentType: string,
  body: Buffer,
): Promise<string | typeof JSON_TOO_DEEP | undefined> {
  if (body.length === 0) return undefined;
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (type === 'application/x-www-form-urlencoded') return controlInPairs(new URLSearchParams(body.toString('utf8')));
  if (isJsonType(type)) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch {
      return undefined; // Malformed JSON is the endpoint's 400.
    }
    return controlInJson(parsed);
  }
  if (type === 'multipart/form-data') {
    const form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } })
      .formData()
      .catch(() => null);
    return form ? controlInPairs(form.entries()) : undefined;
  }
  return undefined;
}

/** The query parameter holding a control character, if any. */
export function controlCharacterInQuery(url: string | undefined): string | undefined {
  const q = (url ?? '').indexOf('?');
  if (q < 0) return undefined;
  try {
    return controlInPairs(new URLSearchParams((url ?? '').slice(q + 1).split('#')[0]));
  } catch {
    return undefined;
  }
}

/** The Indonesian message for a field holding a control character. */
export function controlMessage(field: string): string {
  return `Kolom "${field}" berisi karakter kontrol yang tidak diizinkan.`;
}
