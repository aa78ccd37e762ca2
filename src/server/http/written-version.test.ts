import { describe, expect, it } from 'vitest';
import { WRITTEN_VERSION_COOKIE, writtenVersionOf } from './written-version';

const ME = '0b6f1f3e-6a55-4c39-9a43-1f0e8f6d2a10';
const SOMEONE_ELSE = '7d2c0a9e-1b3f-4e5a-8c6d-2f4b6a8c0e12';

describe('writtenVersionOf', () => {
  it("reads the member's data version from the Cookie header, wherever the cookie stands", () => {
    expect(writtenVersionOf(`${WRITTEN_VERSION_COOKIE}=${ME}.12`, ME)).toBe(12);
    expect(writtenVersionOf(`authjs.session-token=abc; ${WRITTEN_VERSION_COOKIE}=${ME}.7; theme=dark`, ME)).toBe(7);
  });

  it("ignores another member's version (a browser shared after a sign-out)", () => {
    expect(writtenVersionOf(`${WRITTEN_VERSION_COOKIE}=${SOMEONE_ELSE}.12`, ME)).toBeUndefined();
  });

  it('ignores a missing, empty, non-numeric or overlong value, and cookies that only end with the name', () => {
    for (const header of [
      undefined,
      null,
      '',
      'authjs.session-token=abc',
      `${WRITTEN_VERSION_COOKIE}=`,
      `${WRITTEN_VERSION_COOKIE}=12`,
      `${WRITTEN_VERSION_COOKIE}=${ME}.`,
      `${WRITTEN_VERSION_COOKIE}=${ME}.-3`,
      `${WRITTEN_VERSION_COOKIE}=${ME}.1e9`,
      `${WRITTEN_VERSION_COOKIE}=${ME}.${'9'.repeat(16)}`,
      `x${WRITTEN_VERSION_COOKIE}=${ME}.5`,
    ])
      expect(writtenVersionOf(header, ME), String(header)).toBeUndefined();
  });
});
