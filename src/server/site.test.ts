import { describe, expect, it } from 'vitest';
import { parseConfig } from './config';
import { configuredOrigin, siteOrigin } from './site';

describe('siteOrigin', () => {
  it("never takes a page's origin from the request's Host (a kept rendering is served to everyone)", () => {
    const url = new URL('http://poisoned.example:8080/analisis/BBCA');
    expect(siteOrigin({ isPrerendered: false, url })).toBe(configuredOrigin());
    expect(siteOrigin({ isPrerendered: false, url })).not.toContain('poisoned');
  });

  it("gives a pre-rendered page the build's site", () => {
    const url = new URL('http://poisoned.example/courses');
    expect(siteOrigin({ isPrerendered: true, site: new URL('https://telaah.id/'), url })).toBe('https://telaah.id');
  });
});

describe('configuredOrigin', () => {
  it('is APP_URL without its trailing slash, else the address the server listens on', () => {
    expect(configuredOrigin(parseConfig({ APP_URL: 'https://telaah.id/' }))).toBe('https://telaah.id');
    expect(configuredOrigin(parseConfig({ HOST: '127.0.0.1', PORT: '5300' }))).toBe('http://127.0.0.1:5300');
  });
});
