import { describe, expect, it } from 'vitest';
import { withReasonPhrase } from './responses';

describe('withReasonPhrase', () => {
  it('replaces the "OK" Astro leaves on a page that set its own status, keeping body and headers', async () => {
    const page = new Response('<p>Kata sandi salah.</p>', {
      status: 401,
      statusText: 'OK',
      headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
    });
    const fixed = withReasonPhrase(page);
    expect([fixed.status, fixed.statusText]).toEqual([401, 'Unauthorized']);
    expect(fixed.headers.get('cache-control')).toBe('no-store');
    expect(await fixed.text()).toBe('<p>Kata sandi salah.</p>');
    expect(withReasonPhrase(new Response('x', { status: 422, statusText: 'OK' })).statusText).toBe(
      'Unprocessable Entity',
    );
  });

  it('leaves a 200 and an answer with its own phrase as they are', () => {
    const ok = new Response('x', { status: 200, statusText: 'OK' });
    expect(withReasonPhrase(ok)).toBe(ok);
    const teapot = new Response('x', { status: 418, statusText: 'Teh' });
    expect(withReasonPhrase(teapot)).toBe(teapot);
  });
});
