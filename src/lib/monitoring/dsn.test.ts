import { describe, expect, it } from 'vitest';
import { dsnToString, envelopeEndpoint, parseDsn, tunnelParamsMatch, tunnelPath } from './dsn';

describe('parseDsn', () => {
  it('reads a sentry.io DSN with organisation and region', () => {
    expect(parseDsn('https://abc123@o4507.ingest.us.sentry.io/4508001')).toEqual({
      protocol: 'https',
      publicKey: 'abc123',
      host: 'o4507.ingest.us.sentry.io',
      port: '',
      path: '',
      projectId: '4508001',
      orgId: '4507',
      region: 'us',
    });
  });

  it('reads a self-hosted DSN with a port and a path prefix, without organisation', () => {
    const dsn = parseDsn('http://publickey@127.0.0.1:4506/sentry/42');
    expect(dsn).toMatchObject({ host: '127.0.0.1', port: '4506', path: 'sentry', projectId: '42' });
    expect(dsn?.orgId).toBeUndefined();
    expect(dsn?.region).toBeUndefined();
  });

  it.each([
    'not a url',
    'ftp://key@example.com/1',
    'https://example.com/1',
    'https://key@example.com/',
    'https://key@example.com/abc',
    'https://key@example.com/1?x=1',
    'javascript:alert(1)',
  ])('rejects %s', (text) => {
    expect(parseDsn(text)).toBeUndefined();
  });
});

describe('DSN forms', () => {
  const saas = parseDsn('https://abc@o12.ingest.de.sentry.io/34')!;
  const selfHosted = parseDsn('http://publickey@127.0.0.1:4506/42')!;

  it('writes the canonical form the SDKs put in envelope headers, without a secret key', () => {
    expect(dsnToString(parseDsn('https://abc:secret@O12.ingest.de.sentry.io/34')!)).toBe(
      'https://abc@o12.ingest.de.sentry.io/34',
    );
    expect(dsnToString(selfHosted)).toBe('http://publickey@127.0.0.1:4506/42');
  });

  it('derives the upstream envelope endpoint from the DSN alone', () => {
    expect(envelopeEndpoint(saas)).toBe('https://o12.ingest.de.sentry.io/api/34/envelope/');
    expect(envelopeEndpoint(selfHosted)).toBe('http://127.0.0.1:4506/api/42/envelope/');
    expect(envelopeEndpoint(parseDsn('https://k@sentry.example.id/base/path/7')!)).toBe(
      'https://sentry.example.id/base/path/api/7/envelope/',
    );
  });

  it('builds the tunnel path with o, p and r only where the DSN has them', () => {
    expect(tunnelPath(saas)).toBe('/monitoring?o=12&p=34&r=de');
    expect(tunnelPath(selfHosted)).toBe('/monitoring?p=42');
  });
});

describe('tunnelParamsMatch', () => {
  const saas = parseDsn('https://abc@o12.ingest.de.sentry.io/34')!;
  const selfHosted = parseDsn('http://publickey@127.0.0.1:4506/42')!;
  const q = (s: string) => new URLSearchParams(s);

  it.each([
    [saas, 'o=12&p=34&r=de', true],
    [saas, 'p=34&o=12&r=de', true],
    [saas, 'o=12&p=34', false],
    [saas, 'o=13&p=34&r=de', false],
    [saas, 'o=12&p=35&r=de', false],
    [saas, 'o=12&p=34&r=us', false],
    [saas, 'o=12&p=34&r=de&p=34', false],
    [selfHosted, 'p=42', true],
    [selfHosted, 'o=&p=42', false],
    [selfHosted, 'o=1&p=42', false],
    [selfHosted, '', false],
    [selfHosted, 'p=42&r=us', false],
  ])('%#: %s → %s', (dsn, query, expected) => {
    expect(tunnelParamsMatch(dsn, q(query))).toBe(expected);
  });
});
