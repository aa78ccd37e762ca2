import { describe, expect, it } from 'vitest';
import { keepTickObjectShape } from './tick-shape.mjs';

describe('keepTickObjectShape', () => {
  it("holds one of Node's tick objects, the same one on every call", async () => {
    const kept = keepTickObjectShape() as Record<PropertyKey, unknown>;
    expect(kept).toBeTypeOf('object');
    expect(kept.callback).toBeTypeOf('function');
    // The async id, the trigger id and the async context frame, under Node's own symbols.
    expect(Object.getOwnPropertySymbols(kept).length).toBeGreaterThanOrEqual(2);
    for (let i = 0; i < 100; i++) await new Promise<void>((resolve) => process.nextTick(resolve));
    expect(keepTickObjectShape()).toBe(kept);
  });
});
