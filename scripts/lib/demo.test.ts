import { describe, expect, it } from 'vitest';
import { demoChoice } from './demo';

describe('what npm start loads', () => {
  it.each([
    [[], { market: true, accounts: true, allowExternal: false }],
    [['start', '--demo'], { market: true, accounts: true, allowExternal: true }],
    [['start', '--no-demo'], { market: false, accounts: false, allowExternal: false }],
    [['start', '--no-demo', '--demo-accounts'], { market: false, accounts: true, allowExternal: false }],
  ])('%j → %j', (argv, choice) => expect(demoChoice(argv)).toEqual(choice));
});
