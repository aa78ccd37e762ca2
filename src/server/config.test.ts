import { describe, expect, it } from 'vitest';
import { assertProductionReady, ConfigError, parseConfig } from './config';

describe('configuration', () => {
  it('applies defaults and treats empty strings as unset', () => {
    const c = parseConfig({ PORT: '', DATABASE_URL: '' });
    expect(c).toMatchObject({ PORT: 4321, HOST: 'localhost', DATA_DIR: './data' });
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it.each([
    [{ PORT: 'delapan' }, 'PORT'],
    [{ DATABASE_URL: 'bukan url' }, 'DATABASE_URL'],
    [{ APP_NOW: 'kemarin' }, 'APP_NOW'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ SELLER_NPWP: '01.234.567.8-901.234' }, 'SELLER_NPWP'],
  ])('stops with one line naming the bad variable (%o)', (env, name) => {
    let message = '';
    try {
      parseConfig(env);
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      message = (err as Error).message;
    }
    expect(message).toMatch(new RegExp(`^Configuration error: ${name} `));
    expect(message).not.toContain('\n');
  });

  it('names the seller on receipts: Telaah and no NPWP unless configured, the NPWP kept as 16 digits', () => {
    expect(parseConfig({})).toMatchObject({ SELLER_LEGAL_NAME: 'Telaah' });
    expect(parseConfig({}).SELLER_NPWP).toBeUndefined();
    expect(
      parseConfig({ SELLER_LEGAL_NAME: 'PT Telaah Riset Nusantara', SELLER_NPWP: '0123.4567.8901.2345' }),
    ).toMatchObject({ SELLER_LEGAL_NAME: 'PT Telaah Riset Nusantara', SELLER_NPWP: '0123456789012345' });
  });

  it('requires AUTH_SECRET in production only', () => {
    expect(() => assertProductionReady(parseConfig({ NODE_ENV: 'production' }))).toThrow(
      'Configuration error: AUTH_SECRET is required in production',
    );
    expect(() =>
      assertProductionReady(parseConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) })),
    ).not.toThrow();
    expect(() => assertProductionReady(parseConfig({}))).not.toThrow();
  });

  it('requires APP_URL in production when the server listens beyond this machine', () => {
    const secret = 'x'.repeat(32);
    expect(() =>
      assertProductionReady(parseConfig({ NODE_ENV: 'production', AUTH_SECRET: secret, HOST: '0.0.0.0' })),
    ).toThrow('Configuration error: APP_URL is required in production when the server listens on 0.0.0.0');
    for (const HOST of ['localhost', '127.0.0.1', '::1'])
      expect(() =>
        assertProductionReady(parseConfig({ NODE_ENV: 'production', AUTH_SECRET: secret, HOST })),
      ).not.toThrow();
    expect(() =>
      assertProductionReady(
        parseConfig({ NODE_ENV: 'production', AUTH_SECRET: secret, HOST: '0.0.0.0', APP_URL: 'https://telaah.id' }),
      ),
    ).not.toThrow();
    expect(() => assertProductionReady(parseConfig({ HOST: '0.0.0.0' }))).not.toThrow();
  });
});

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
