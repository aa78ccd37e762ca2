/**
 * `npm run lint` step: fails when modules under src/ import each other in a cycle, counting type-only
 * imports and `import()` too (a cycle of types still ties two modules, and often two layers, together;
 * docs/architecture.md). Prints each cycle as a path of files.
 */
import path from 'node:path';
import { cycles, importGraph, loop } from './lib/import-cycles';

// Known cycles allowed, each as its files (relative to the repository) in any order. None: keep it so.
const ALLOWED: string[][] = [];

const graph = importGraph(path.resolve(import.meta.dirname, '..'));
const allowed = (component: string[]) =>
  ALLOWED.some((known) => known.length === component.length && known.every((f) => component.includes(f)));
const found = cycles(graph);
const failing = found.filter((c) => !allowed(c));

for (const component of failing) {
  console.error(`Import cycle among ${component.length} files:\n  ${loop(component, graph).join('\n  → ')}`);
}
const known = found.length - failing.length;
if (failing.length) console.error(`\n${failing.length} import cycle(s) in src/ (see docs/architecture.md).`);
else console.log(`No import cycles in src/ (${graph.size} files${known ? `, ${known} known cycle allowed` : ''}).`);
process.exitCode = failing.length ? 1 : 0;
