import { describe, expect, it } from 'vitest';
import { checkLoginWidget, dataCheckString, loginHash, LOGIN_MAX_AGE_S } from './telegram-login';

const TOKEN = '123456:test-token';
const NOW = new Date('2026-11-20T03:00:00Z');
const nowS = NOW.getTime() / 1000;

function signed(extra: Record<string, string> = {}, token = TOKEN) {
  const fields = {
    id: '987654321',
    first_name: 'Budi',
    username: 'budi_saham',
    auth_date: String(nowS - 30),
    ...extra,
  };
  return { ...fields, hash: loginHash(fields, token) };
}

describe('Telegram Login Widget check', () => {
  it('builds the data-check-string sorted by key, without the hash', () => {
    expect(dataCheckString({ username: 'u', hash: 'x', auth_date: '1', id: '2' })).toBe(
      'auth_date=1\nid=2\nusername=u',
    );
  });

  it('matches an HMAC computed independently (Python hmac, key SHA-256 of the token)', () => {
    expect(loginHash({ id: '1', first_name: 'A', auth_date: '1' }, '1:a')).toBe(
      '889e1c1a49f883ff1d65b5e192794ee66e509fec8a3f816767db2cf3f6eb78b2',
    );
  });

  it('accepts a fresh, correctly signed callback', () => {
    const r = checkLoginWidget(signed(), TOKEN, NOW);
    expect(r).toEqual({
      ok: true,
      user: { id: 987654321, firstName: 'Budi', username: 'budi_saham' },
      hash: expect.any(String),
    });
  });

  it.each([
    ['a changed field', () => ({ ...signed(), id: '111' })],
    ['an added field', () => ({ ...signed(), photo_url: 'https://t.me/i/x.jpg' })],
    ['a hash signed with another bot token', () => signed({}, '999:other')],
    [
      'no hash',
      () => {
        const { hash: _, ...rest } = signed();
        return rest;
      },
    ],
    ['a hash that is not hex', () => ({ ...signed(), hash: 'z'.repeat(64) })],
  ])('refuses %s as invalid', (_name, fields) => {
    expect(checkLoginWidget(fields() as Record<string, string>, TOKEN, NOW)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses a callback older than the window, and one from the future', () => {
    expect(checkLoginWidget(signed({ auth_date: String(nowS - LOGIN_MAX_AGE_S - 1) }), TOKEN, NOW)).toEqual({
      ok: false,
      reason: 'stale',
    });
    expect(checkLoginWidget(signed({ auth_date: String(nowS - LOGIN_MAX_AGE_S + 1) }), TOKEN, NOW)).toMatchObject({
      ok: true,
    });
    expect(checkLoginWidget(signed({ auth_date: String(nowS + 600) }), TOKEN, NOW)).toEqual({
      ok: false,
      reason: 'stale',
    });
  });
});
