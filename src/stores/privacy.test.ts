import { describe, expect, it } from 'vitest';
import { $hideAmounts, setHideAmounts, toggleHideAmounts } from './privacy';

describe('hide amounts store', () => {
  it('starts shown outside a browser and toggles', () => {
    expect($hideAmounts.get()).toBe(false);
    toggleHideAmounts();
    expect($hideAmounts.get()).toBe(true);
    setHideAmounts(false);
    expect($hideAmounts.get()).toBe(false);
  });
});
