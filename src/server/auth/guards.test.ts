import { describe, expect, it } from 'vitest';
import { AccessError, requireAdmin } from './guards';
import type { Viewer } from './viewer-type';

const url = new URL('http://telaah.test/admin');

function viewer(role: Viewer['role'], tier: Viewer['tier'], twoFactor: boolean): Viewer {
  return { id: 'u', name: 'N', email: 'n@contoh.id', role, tier, tierEndsAt: null, twoFactor };
}

function outcome(v: Viewer | null, actor: Viewer | null = null): string {
  const locals = { viewer: v, actor } as App.Locals;
  try {
    requireAdmin({ locals, url });
    return 'open';
  } catch (e) {
    return e instanceof AccessError ? e.kind : 'error';
  }
}

describe('requireAdmin: the admin console access matrix', () => {
  it.each([
    ['anonymous', null, null, 'not-found'],
    ['gratis member', viewer('member', 'gratis', false), null, 'not-found'],
    ['reguler member', viewer('member', 'reguler', true), null, 'not-found'],
    ['premium member with two factors', viewer('member', 'premium', true), null, 'not-found'],
    ['editor with two factors', viewer('editor', 'premium', true), null, 'not-found'],
    ['admin without a second factor', viewer('admin', 'premium', false), null, 'not-found'],
    ['admin impersonating a member', viewer('member', 'gratis', false), viewer('admin', 'premium', true), 'not-found'],
    ['admin with two factors', viewer('admin', 'premium', true), null, 'open'],
  ] as const)('%s → %s', (_who, v, actor, want) => {
    expect(outcome(v, actor)).toBe(want);
  });
});
