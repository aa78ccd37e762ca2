/**
 * The import graph of a source folder and its cycles, for `scripts/check-cycles.ts`. Modules are resolved
 * by TypeScript's own resolver with the folder's tsconfig; every import counts: static, type-only,
 * re-exports, `import()` and `import('…').Type`. `.astro` files are read through their frontmatter and
 * `<script>` blocks; test files are left out.
 */
import ts from 'typescript';
import fs from 'node:fs';
import path from 'node:path';

/** Each file under `src` (relative to `root`) with the files under `src` it imports. */
export function importGraph(root: string, src = path.join(root, 'src')): Map<string, Set<string>> {
  const tsconfig = path.join(root, 'tsconfig.json');
  const options = fs.existsSync(tsconfig)
    ? ts.getParsedCommandLineOfConfigFile(
        tsconfig,
        {},
        {
          ...ts.sys,
          onUnRecoverableConfigFileDiagnostic: (d) => {
            throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
          },
        },
      )!.options
    : { module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler };
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(src)) {
    const targets = new Set<string>();
    for (const spec of specifiers(file)) {
      const target = resolve(spec, file, options, src);
      if (target) targets.add(path.relative(root, target));
    }
    graph.set(path.relative(root, file), targets);
  }
  return graph;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|mts|astro)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The script of a `.astro` file: its frontmatter and its `<script>` blocks. */
function astroScript(text: string): string {
  const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? '';
  const scripts = [...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  return [front, ...scripts].join('\n');
}

/** The module names a file imports or re-exports, statically or with `import()`, types included. */
function specifiers(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const code = file.endsWith('.astro') ? astroScript(text) : text;
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, false, kind);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      if (ts.isStringLiteral(node.moduleSpecifier)) found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteralLike(arg)) found.push(arg.text);
    } else if (ts.isImportTypeNode(node)) {
      const arg = node.argument;
      if (ts.isLiteralTypeNode(arg) && ts.isStringLiteral(arg.literal)) found.push(arg.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

function resolve(spec: string, from: string, options: ts.CompilerOptions, src: string): string | undefined {
  if (spec.endsWith('.astro')) {
    const target = path.resolve(path.dirname(from), spec);
    return fs.existsSync(target) ? target : undefined;
  }
  const resolved = ts.resolveModuleName(spec, from, options, ts.sys).resolvedModule;
  if (!resolved || resolved.isExternalLibraryImport) return undefined;
  const file = path.resolve(resolved.resolvedFileName);
  return file.startsWith(src + path.sep) ? file : undefined;
}

/** Strongly connected components of more than one file (or a file importing itself), by Tarjan. */
export function cycles(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (v: string) => {
    indices.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indices.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indices.get(w)!));
    }
    if (low.get(v) === indices.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || graph.get(v)?.has(v)) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!indices.has(v)) connect(v);
  return found;
}

/** One shortest path round a component, from its first file back to it, to show where it closes. */
export function loop(component: string[], graph: Map<string, Set<string>>): string[] {
  const members = new Set(component);
  const start = component[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const v = queue.shift()!;
    for (const w of graph.get(v) ?? []) {
      if (!members.has(w)) continue;
      if (w === start) {
        const pathBack = [v];
        while (pathBack[0] !== start) pathBack.unshift(previous.get(pathBack[0]!)!);
        return [...pathBack, start];
      }
      if (!previous.has(w)) {
        previous.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start];
}
