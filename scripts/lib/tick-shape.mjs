/**
 * Keeps one of Node's tick objects alive for the life of the serving process (issue 29, decision 0059).
 *
 * Every `process.nextTick` builds `{ [async_id_symbol]: …, [trigger_async_id_symbol]: …,
 * [async_context_frame]: …, callback, args }`, and Node's HTTP code calls it several times per request. V8
 * builds that literal in optimised code while its feedback holds the object's shapes (hidden classes), and
 * those shapes die at a full collection when no tick object is alive. Measured with `perf` on Node 24
 * (docs/performance.md): a bare HTTP server that first ran eight full collections with no tick object alive
 * then built every tick object through V8's runtime (`Runtime_DefineKeyedOwnPropertyInLiteral`), 9–10 % of
 * its CPU; the same server holding one tick object from its start, never. Telaah's serving process runs full
 * collections while it starts (its heap grows to about 100 MB, and the start ends with one), and spent
 * 9–10 % of a pre-rendered page's CPU there. A tick object held keeps its shape, and the shapes it was built
 * through, alive.
 */
import { createHook } from 'node:async_hooks';

/**
 * Holds the first tick object made after an `async_hooks` hook is enabled; the hook is disabled at once, so
 * that no later asynchronous operation pays for one. Call it first thing, before the process has collected.
 *
 * @returns the tick object held (undefined if none was seen)
 */
export function keepTickObjectShape() {
  const key = Symbol.for('telaah.kept-tick-object');
  const holder = /** @type {Record<symbol, unknown>} */ (/** @type {unknown} */ (globalThis));
  if (holder[key]) return holder[key];
  /** @type {unknown} */
  let kept;
  const hook = createHook({
    init(_id, type, _trigger, resource) {
      if (type === 'TickObject' && kept === undefined) kept = resource;
    },
  });
  hook.enable();
  try {
    process.nextTick(() => undefined);
  } finally {
    hook.disable();
  }
  holder[key] = kept;
  return kept;
}
