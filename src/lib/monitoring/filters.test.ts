import { describe, expect, it } from 'vitest';
import type { ErrorEvent } from '@sentry/astro';
import { beforeSend, beforeSendTransaction, isNoise, scrub } from './filters';

const exception = (type: string, value: string, file = 'http://localhost/_astro/page.js'): ErrorEvent => ({
  type: undefined,
  exception: { values: [{ type, value, stacktrace: { frames: [{ filename: file, abs_path: file }] } }] },
});

class AccessError extends Error {
  override name = 'AccessError';
}

describe('isNoise', () => {
  it.each([
    ['ResizeObserver loop', exception('Error', 'ResizeObserver loop completed with undelivered notifications.')],
    ['ResizeObserver limit', exception('Error', 'ResizeObserver loop limit exceeded')],
    [
      'non-Error rejection',
      exception('UnhandledRejection', 'Non-Error promise rejection captured with value: undefined'),
    ],
    ['object rejection', exception('Error', 'Object captured as promise rejection with keys: code, message')],
    ['aborted fetch (Chrome)', exception('AbortError', 'The user aborted a request.')],
    ['aborted fetch (no reason)', exception('AbortError', 'signal is aborted without reason')],
    ['aborted fetch (Firefox)', exception('Error', 'AbortError: The operation was aborted. ')],
    ['aborted fetch (Safari)', exception('TypeError', 'cancelled')],
    [
      'extension script',
      exception('TypeError', "Cannot read properties of null (reading 'x')", 'chrome-extension://abcdef/content.js'),
    ],
    ['Firefox extension', exception('Error', 'boom', 'moz-extension://1234/inject.js')],
    ['redirect control flow', exception('AccessError', 'sign-in')],
  ])('drops %s', (_, event) => {
    expect(isNoise(event)).toBe(true);
  });

  it('drops thrown redirect responses and access errors by the original exception', () => {
    expect(isNoise(exception('Error', 'x'), { originalException: new Response(null, { status: 302 }) })).toBe(true);
    expect(isNoise(exception('Error', 'x'), { originalException: new AccessError('sign-in') })).toBe(true);
    expect(isNoise(exception('Error', 'x'), { originalException: new DOMException('gone', 'AbortError') })).toBe(true);
  });

  it.each([
    ['a TypeError in our code', exception('TypeError', "Cannot read properties of undefined (reading 'harga')")],
    ['a failed query', exception('Error', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['an error that mentions redirects', exception('Error', 'Too many redirects while loading prices')],
    ['a message event', { type: undefined, message: 'Portfolio import failed' } as ErrorEvent],
  ])('keeps %s', (_, event) => {
    expect(isNoise(event)).toBe(false);
  });

  it('keeps a thrown 500 response', () => {
    expect(isNoise(exception('Error', 'x'), { originalException: new Response(null, { status: 500 }) })).toBe(false);
  });
});

describe('scrub', () => {
  it('keeps only the member id and drops cookies, auth headers, IPs and query strings', () => {
    const event = scrub({
      type: undefined,
      user: { id: 'u_123', email: 'siti@contoh.id', ip_address: '10.1.2.3', username: 'siti' },
      request: {
        url: 'https://telaah.id/api/account/verify-email?token=secret#x',
        query_string: 'token=secret',
        cookies: { 'authjs.session-token': 'jwt' },
        data: { password: 'x' },
        headers: { Cookie: 'a=b', Authorization: 'Bearer x', 'X-Forwarded-For': '10.1.2.3', 'User-Agent': 'Chrome' },
      },
    } as ErrorEvent);
    expect(event.user).toEqual({ id: 'u_123' });
    expect(event.request).toEqual({
      url: 'https://telaah.id/api/account/verify-email',
      headers: { 'User-Agent': 'Chrome' },
    });
  });

  it('drops the Referer, which can carry a gift token (/sign-in?callbackUrl=%2Fhadiah%3Ft%3D…)', () => {
    const event = scrub({
      type: undefined,
      request: {
        url: 'https://telaah.id/sign-in',
        headers: {
          Referer: 'https://telaah.id/sign-in?callbackUrl=%2Fhadiah%3Ft%3Dgift-token',
          referrer: 'https://telaah.id/hadiah?t=gift-token',
          'User-Agent': 'Chrome',
        },
      },
    } as ErrorEvent);
    expect(event.request?.headers).toEqual({ 'User-Agent': 'Chrome' });
    expect(JSON.stringify(event)).not.toContain('gift-token');
  });

  it('removes a user that has no id', () => {
    expect(scrub({ type: undefined, user: { email: 'a@b.c' } } as ErrorEvent).user).toEqual({});
  });
});

describe('beforeSend and beforeSendTransaction', () => {
  it('drops noise and scrubs what it keeps', () => {
    expect(beforeSend(exception('AbortError', 'The user aborted a request.'), {})).toBeNull();
    const kept = beforeSend({ ...exception('Error', 'boom'), user: { id: 'u1', email: 'x@y.z' } }, {});
    expect(kept?.user).toEqual({ id: 'u1' });
  });

  it('drops 404 transactions and keeps others', () => {
    const tx = (code: number, status?: string) =>
      ({
        type: 'transaction',
        transaction: 'GET /x',
        contexts: { trace: { trace_id: 't', span_id: 's', status, data: { 'http.response.status_code': code } } },
      }) as Parameters<typeof beforeSendTransaction>[0];
    expect(beforeSendTransaction(tx(404))).toBeNull();
    expect(beforeSendTransaction(tx(0, 'not_found'))).toBeNull();
    expect(beforeSendTransaction(tx(200))).not.toBeNull();
    expect(beforeSendTransaction(tx(500))).not.toBeNull();
  });
});
