import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config';

describe('monitoring and logging configuration', () => {
  it('accepts a Sentry DSN and defaults to no tracing and info logs', () => {
    const c = parseConfig({ SENTRY_DSN: 'https://key@o1.ingest.sentry.io/2' });
    expect(c).toMatchObject({
      SENTRY_DSN: 'https://key@o1.ingest.sentry.io/2',
      SENTRY_TRACES_SAMPLE_RATE: 0,
      LOG_LEVEL: 'info',
    });
    expect(parseConfig({ SENTRY_DSN: '' }).SENTRY_DSN).toBeUndefined();
  });

  it.each([
    ['SENTRY_DSN', 'https://sentry.example.id/2'],
    ['SENTRY_DSN', 'https://key@sentry.example.id/project'],
    ['SENTRY_TRACES_SAMPLE_RATE', '2'],
    ['LOG_LEVEL', 'verbose'],
  ])('stops with one line naming %s=%s', (name, value) => {
    expect(() => parseConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => parseConfig({ [name]: value })).toThrow(new RegExp(`^Configuration error: ${name} `));
  });
});
