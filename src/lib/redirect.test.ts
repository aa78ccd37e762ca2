import { describe, expect, it } from 'vitest';
import { safeCallbackPath, secondFactorUrl, signInUrl } from './redirect';

describe('safeCallbackPath', () => {
  it.each([
    ['/portofolio/all', '/portofolio/all'],
    ['/analisis?q=bank&sektor=Keuangan', '/analisis?q=bank&sektor=Keuangan'],
    ['/courses/valuasi-saham#pelajaran', '/courses/valuasi-saham#pelajaran'],
  ])('keeps the same-origin path %s', (input, expected) => {
    expect(safeCallbackPath(input)).toBe(expected);
  });

  it.each([
    '//evil.example',
    '//evil.example/path',
    '/\\evil.example',
    '\\\\evil.example',
    '%2F%2Fevil.example',
    '%2Fsettings%2Faccount',
    '%252F%252Fevil.example',
    '/%2F/evil.example',
    '/%5Cevil.example',
    'https://evil.example/',
    'http:evil.example',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'evil.example',
    '/\tevil',
    '/%09/evil.example',
    '',
    'x'.repeat(3000),
  ])('refuses %s', (input) => {
    expect(safeCallbackPath(input, '/fallback')).toBe('/fallback');
  });

  it('falls back when absent', () => {
    expect(safeCallbackPath(null)).toBe('/');
    expect(safeCallbackPath(undefined, '/portofolio/all')).toBe('/portofolio/all');
  });

  it('builds the sign-in URL with an encoded callback', () => {
    expect(signInUrl('/portofolio/transaksi?x=1')).toBe('/sign-in?callbackUrl=%2Fportofolio%2Ftransaksi%3Fx%3D1');
    expect(signInUrl('//evil.example')).toBe('/sign-in?callbackUrl=%2F');
  });

  it('builds the code step URL, keeping only a same-site callback', () => {
    expect(secondFactorUrl('/admin?x=1')).toBe('/sign-in/two-factor?callbackUrl=%2Fadmin%3Fx%3D1');
    expect(secondFactorUrl('//evil.example')).toBe('/sign-in/two-factor');
    expect(secondFactorUrl('')).toBe('/sign-in/two-factor');
  });
});
