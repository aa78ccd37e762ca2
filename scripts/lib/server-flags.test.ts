import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_ENV, SERVER_NODE_FLAGS } from './server-flags.mjs';

describe('the serving process options', () => {
  const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;

  it.each(['start', 'serve'])('npm run %s gives Node every one of them, and its environment', (name) => {
    const words = scripts[name]!.split(/\s+/);
    const env = words.slice(0, words.indexOf('node'));
    expect(Object.fromEntries(env.map((w) => w.split('=')))).toEqual(SERVER_ENV);
    const args = words.slice(env.length);
    expect(args[0]).toBe('node');
    for (const flag of SERVER_NODE_FLAGS) expect(args.slice(1, args.indexOf('scripts/launch.mjs'))).toContain(flag);
    expect(args).toContain('scripts/launch.mjs');
  });
});
