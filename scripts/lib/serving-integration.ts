/**
 * An Astro integration that finishes a build for serving:
 * - bundles the server programs (scripts/start.ts, scripts/serve.ts) into dist/server/start.mjs and
 *   serve.mjs, so `npm start` / `npm run serve` run plain JavaScript with no TypeScript loader on the
 *   request path (npm packages stay external and load from node_modules);
 * - writes brotli and gzip copies next to every compressible file in dist/client, which
 *   src/server/http/static-compressed.ts serves to clients that accept them.
 */
import type { AstroIntegration } from 'astro';
import { build, type Plugin } from 'esbuild';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** Extensions worth compressing (text formats); images and fonts are compressed already. */
const COMPRESSIBLE = /\.(html|js|mjs|css|svg|json|xml|txt|webmanifest|map)$/;
/** Below this size a compressed copy saves less than the header costs. */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(p);
    else yield p;
  }
}

/** Writes `f.br` and `f.gz` beside each compressible file of `dir`; returns how many files it compressed. */
async function precompress(dir: string): Promise<number> {
  const files: string[] = [];
  for await (const f of walk(dir)) if (COMPRESSIBLE.test(f) && (await stat(f)).size >= MIN_BYTES) files.push(f);
  await Promise.all(
    files.map(async (f) => {
      const raw = await readFile(f);
      const [br, gzipped] = await Promise.all([
        brotli(raw, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
        }),
        gz(raw, { level: 9 }),
      ]);
      await Promise.all([writeFile(`${f}.br`, br), writeFile(`${f}.gz`, gzipped)]);
    }),
  );
  return files.length;
}

/** Bundles the server programs into `outDir` as ES modules. */
async function bundleServerPrograms(root: string, outDir: string): Promise<void> {
  await build({
    entryPoints: { start: path.join(root, 'scripts/start.ts'), serve: path.join(root, 'scripts/serve.ts') },
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [noAstroModules],
  });
}

/**
 * The server programs run outside Astro's build, where `astro:content`, `astro:env` and the other
 * `astro:*` modules do not exist: Node would refuse the bundle at start with ERR_UNSUPPORTED_ESM_URL_SCHEME.
 * Reaching one (often through a folder's index.ts that also names a page's service) fails the build
 * instead, naming the file that imports it.
 */
const noAstroModules: Plugin = {
  name: 'no-astro-modules',
  setup(b) {
    b.onResolve({ filter: /^astro:/ }, (args) => ({
      errors: [
        {
          text: `The server program reaches ${path.relative(process.cwd(), args.importer)}, which imports ${args.path}: import the module it needs by its file, not through a folder's index.ts.`,
        },
      ],
    }));
  },
};

export default function serving(): AstroIntegration {
  return {
    name: 'telaah:serving',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const client = fileURLToPath(dir);
        const root = process.cwd();
        await bundleServerPrograms(root, path.join(root, 'dist/server'));
        const n = await precompress(client);
        logger.info(`server programs bundled; ${n} static files pre-compressed (br, gzip)`);
      },
    },
  };
}
