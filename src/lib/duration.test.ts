import { expect, it } from 'vitest';
import { formatMinutes } from './duration';

it.each([
  [40, '40 menit'],
  [60, '1 jam'],
  [95, '1 jam 35 menit'],
  [120, '2 jam'],
])('formatMinutes(%i) = %s', (min, want) => {
  expect(formatMinutes(min)).toBe(want);
});
