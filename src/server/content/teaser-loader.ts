/**
 * A content loader that stores only the public teaser of each analysis, rendered to HTML at build time
 * by Astro's own Markdown pipeline (`renderMarkdown`, the site's configured processor). Pages that show
 * a teaser read this collection, so the gated rest of a body is never rendered for a viewer without
 * access: it is not in their HTML, in any client bundle, or in any JSON.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Loader, LoaderContext } from 'astro/loaders';
import { splitTeaser } from './teaser';

export interface TeaserLoaderOptions {
  /** Folder of the analyses, relative to the project root (as in the collection's glob loader). */
  base: string;
  /** Which files (path relative to `base`, with `/`) are entries — the same ones the glob loader takes. */
  include: (relativePath: string) => boolean;
  /** The entry id of a file, equal to the id its full collection gives it. */
  id: (relativePath: string) => string;
}

const FRONTMATTER = /^---\r?\n[\s\S]*?\r?\n---(?:\r?\n|$)/;

export function teaserLoader(opts: TeaserLoaderOptions): Loader {
  return {
    name: 'telaah-teaser-loader',
    load: async (ctx) => {
      const root = fileURLToPath(new URL(opts.base.replace(/\/?$/, '/'), ctx.config.root));
      ctx.store.clear();
      if (!existsSync(root)) {
        ctx.logger.warn(`The base directory "${root}" does not exist.`);
        return;
      }
      const files = (await readdir(root, { recursive: true }))
        .map((f) => f.split(path.sep).join('/'))
        .filter(opts.include);
      for (const file of files) await syncFile(ctx, opts, root, file);
      ctx.watcher?.on('all', (event, changed) => {
        const rel = path.relative(root, changed).split(path.sep).join('/');
        if (rel.startsWith('..') || !opts.include(rel)) return;
        if (event === 'unlink') ctx.store.delete(opts.id(rel));
        else if (event === 'add' || event === 'change') void syncFile(ctx, opts, root, rel);
      });
    },
  };
}

async function syncFile(ctx: LoaderContext, opts: TeaserLoaderOptions, root: string, file: string): Promise<void> {
  const contents = await readFile(path.join(root, file), 'utf8');
  const id = opts.id(file);
  const digest = ctx.generateDigest(contents);
  if (ctx.store.get(id)?.digest === digest) return;
  const { teaser, sections, locked } = splitTeaser(contents.replace(FRONTMATTER, ''));
  const rendered = teaser ? await ctx.renderMarkdown(teaser) : { html: '' };
  const data = await ctx.parseData({ id, data: { sections, locked }, filePath: path.join(opts.base, file) });
  ctx.store.set({ id, data, rendered, digest, filePath: path.posix.join(opts.base.replace(/^\.\//, ''), file) });
}
