/**
 * Seeded random streams for the demo data. A stream is named (e.g. 'BBCA:prices'), so each ticker and
 * purpose draws from its own sequence and adding a draw in one place never shifts another.
 */
import { xoroshiro128plus, type RandomGenerator } from 'pure-rand';

/** A deterministic source of numbers; the same name always yields the same sequence. */
export interface Rng {
  /** Uniform in [0, 1). */
  uniform(): number;
  /** Uniform in [lo, hi). */
  between(lo: number, hi: number): number;
  /** Integer uniform in [lo, hi], both inclusive. */
  int(lo: number, hi: number): number;
  /** Standard normal (mean 0, deviation 1). */
  normal(): number;
}

/** 32-bit FNV-1a hash of a string: a stable seed for a stream name. */
function hashSeed(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) {
    h ^= name.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The random stream called `name`. */
export function rngFor(name: string): Rng {
  const gen: RandomGenerator = xoroshiro128plus(hashSeed(name));
  const uniform = () => (gen.unsafeNext() >>> 0) / 4_294_967_296;
  const between = (lo: number, hi: number) => lo + (hi - lo) * uniform();
  return {
    uniform,
    between,
    int: (lo, hi) => lo + Math.floor(uniform() * (hi - lo + 1)),
    // Box–Muller; 1 - u keeps the logarithm finite.
    normal: () => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform()),
  };
}
