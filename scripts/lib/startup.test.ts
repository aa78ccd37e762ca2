import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseConfig } from '../../src/server/config';
import { warnWithoutAppUrl } from './startup';

describe('a production start without APP_URL', () => {
  afterEach(() => vi.restoreAllMocks());

  const warnings = (env: Record<string, string>): string[] => {
    const seen: string[] = [];
    vi.spyOn(console, 'warn').mockImplementation((line: string) => void seen.push(line));
    warnWithoutAppUrl(parseConfig(env));
    return seen;
  };

  it('says which address its links will name', () => {
    expect(warnings({ NODE_ENV: 'production', HOST: '127.0.0.1', PORT: '4321' })).toEqual([
      expect.stringContaining('links in pages and mails name http://127.0.0.1:4321'),
    ]);
  });

  it('says nothing with APP_URL, or outside production', () => {
    expect(warnings({ NODE_ENV: 'production', HOST: '127.0.0.1', APP_URL: 'https://telaah.id' })).toEqual([]);
    expect(warnings({ NODE_ENV: 'development', HOST: '127.0.0.1' })).toEqual([]);
  });
});
