import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyCachedDemo, demoCacheKey } from './demo-cache';

/** A stand-in repository holding a migration and a demo source. */
function repo(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'telaah-cache-key-'));
  mkdirSync(path.join(root, 'drizzle'));
  mkdirSync(path.join(root, 'src/server/demo'), { recursive: true });
  writeFileSync(path.join(root, 'drizzle/0000_init.sql'), 'create table a (id int);');
  writeFileSync(path.join(root, 'src/server/demo/load.ts'), 'export const x = 1;');
  return root;
}

describe('the demo cache key', () => {
  it('is the same for the same sources and clock', () => {
    const root = repo();
    expect(demoCacheKey('2026-11-20T10:00:00+07:00', root)).toBe(demoCacheKey('2026-11-20T10:00:00+07:00', root));
  });

  it('changes with the clock, a migration or a demo source, but not with a test file', () => {
    const root = repo();
    const key = demoCacheKey('2026-11-20T10:00:00+07:00', root);
    expect(demoCacheKey('2026-11-18T12:00:00+07:00', root)).not.toBe(key);
    writeFileSync(path.join(root, 'src/server/demo/load.test.ts'), 'test');
    expect(demoCacheKey('2026-11-20T10:00:00+07:00', root)).toBe(key);
    writeFileSync(path.join(root, 'drizzle/0001_more.sql'), 'alter table a add b int;');
    const afterMigration = demoCacheKey('2026-11-20T10:00:00+07:00', root);
    expect(afterMigration).not.toBe(key);
    writeFileSync(path.join(root, 'src/server/demo/load.ts'), 'export const x = 2;');
    expect(demoCacheKey('2026-11-20T10:00:00+07:00', root)).not.toBe(afterMigration);
  });

  it('copies only a cached folder that holds a database', () => {
    const cached = mkdtempSync(path.join(tmpdir(), 'telaah-cache-'));
    const target = path.join(mkdtempSync(path.join(tmpdir(), 'telaah-copy-')), 'data');
    expect(copyCachedDemo(cached, target)).toBe(false);
    mkdirSync(path.join(cached, 'pglite'));
    writeFileSync(path.join(cached, 'pglite', 'PG_VERSION'), '17');
    expect(copyCachedDemo(cached, target)).toBe(true);
    expect(copyCachedDemo(path.join(cached, 'missing'), target)).toBe(false);
  });
});
