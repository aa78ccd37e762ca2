import { describe, expect, it } from 'vitest';
import { isOwnKey, ownValue } from './own';

const TYPES = { pdf: 'application/pdf', csv: 'text/csv' } as const;

describe('own-key lookups', () => {
  it('finds own keys only, never those of Object.prototype', () => {
    expect(isOwnKey(TYPES, 'pdf')).toBe(true);
    for (const key of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']) {
      expect(key in TYPES, key).toBe(true); // the pattern that let these through
      expect(isOwnKey(TYPES, key), key).toBe(false);
      expect(ownValue(TYPES, key), key).toBeUndefined();
    }
    expect(ownValue(TYPES, 'csv')).toBe('text/csv');
  });
});
