import { describe, expect, it } from 'vitest';
import { alertClass, alertRole } from './alert-box';

describe('message box rule', () => {
  it.each([
    ['error', undefined, 'alert'],
    ['info', undefined, 'status'],
    ['success', undefined, 'status'],
    ['warning', undefined, 'status'],
    ['error', 'status', 'status'],
    ['info', 'note', 'note'],
    ['error', null, undefined],
  ] as const)('a %s box with role %s is heard as %s', (kind, role, expected) => {
    expect(alertRole(kind, role)).toBe(expected);
  });

  it('puts the kind class after `alert` and the caller’s classes last', () => {
    expect(alertClass('info')).toBe('alert alert-info');
    expect(alertClass('error', 'offline-notice')).toBe('alert alert-error offline-notice');
    expect(alertClass('success', null)).toBe('alert alert-success');
  });
});
