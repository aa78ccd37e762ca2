/**
 * Node's arguments for one of the project's CLIs as its npm script runs it (`tsx --liftoff-only …` in
 * package.json: V8's baseline compiler for PGlite's WebAssembly), without npm's and tsx's extra processes:
 * `spawn(process.execPath, cliArgs('jobs', '--once'))`.
 */
export function cliArgs(script: 'jobs' | 'market-import', ...args: string[]): string[] {
  return ['--liftoff-only', '--import', 'tsx', `scripts/${script}.ts`, ...args];
}
