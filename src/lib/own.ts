/**
 * Lookups by a value that came from a request (a query parameter, a form field, a header): only the
 * object's own keys count. `key in obj` and `obj[key]` also find `constructor`, `__proto__`,
 * `toString` and the rest of Object.prototype.
 */

/** Whether `key` is one of the object's own keys (narrowing it to the object's key type). */
export function isOwnKey<T extends object>(obj: T, key: string): key is Extract<keyof T, string> {
  return Object.hasOwn(obj, key);
}

/** The value under one of the object's own keys; undefined for any other key. */
export function ownValue<T extends object>(obj: T, key: string): T[keyof T] | undefined {
  return isOwnKey(obj, key) ? obj[key] : undefined;
}
