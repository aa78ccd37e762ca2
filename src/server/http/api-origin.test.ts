import { describe, expect, it } from 'vitest';
import { apiWriteWithoutOrigin } from './api-origin';

const at = (path: string) => new URL(path, 'https://telaah.example');

describe('Origin on API writes', () => {
  it('refuses a JSON write without Origin or with another site', () => {
    expect(apiWriteWithoutOrigin('POST', at('/api/portfolio/transactions'), null)).toBe(true);
    expect(apiWriteWithoutOrigin('PATCH', at('/api/portfolio/portfolios/x'), 'https://evil.example')).toBe(true);
    expect(apiWriteWithoutOrigin('DELETE', at('/api/portfolio/transactions/x'), 'http://telaah.example')).toBe(true);
    expect(apiWriteWithoutOrigin('POST', at('/api/portfolio/import'), 'https://telaah.example')).toBe(false);
  });

  it('lets reads, pages and the endpoints other services call through', () => {
    expect(apiWriteWithoutOrigin('GET', at('/api/portfolio/holdings'), null)).toBe(false);
    expect(apiWriteWithoutOrigin('POST', at('/sign-in'), null)).toBe(false);
    for (const path of [
      '/api/webhooks/stripe',
      '/api/telegram/webhook',
      '/api/auth/signout',
      '/api/notifications/unsubscribe',
    ])
      expect(apiWriteWithoutOrigin('POST', at(path), null), path).toBe(false);
  });
});
