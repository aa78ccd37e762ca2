import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { warmUp } from './warm-up';

describe('warmUp', () => {
  it('asks for the pre-rendered pages, /analisis and the research it links to, with each encoding', async () => {
    const asked: string[] = [];
    const handler = (req: IncomingMessage, res: ServerResponse) => {
      asked.push(`${req.url} ${req.headers['accept-encoding'] ?? '-'}`);
      if (req.url === '/analisis')
        return res.end(
          '<a href="/analisis/BBCA">BBCA</a> <a href="/analisis/BBCA/kinerja-2025">kinerja</a>' +
            '<a href="/analisis?q=ba">cari</a> <a href="/courses">kursus</a>',
        );
      res.end('ok');
    };
    const result = await warmUp(handler, { prerendered: ['/', '/courses'], rounds: 40 });
    const paths = new Set(asked.map((a) => a.split(' ')[0]));
    expect([...paths].sort()).toEqual(
      ['/', '/courses', '/analisis', '/analisis/BBCA', '/analisis/BBCA/kinerja-2025', '/api/emiten/BBCA/harga'].sort(),
    );
    for (const encoding of ['gzip, deflate, br, zstd', 'gzip', '-'])
      expect(asked, encoding).toContain(`/analisis/BBCA ${encoding}`);
    expect(result).toMatchObject({ paths: 6, requests: asked.length });
    expect(asked.length).toBeGreaterThanOrEqual(1 + 6 * 3 + 40);
  });

  it('asks for no research page without APP_URL (their links would name the loopback port)', async () => {
    const asked = new Set<string>();
    const handler = (req: IncomingMessage, res: ServerResponse) => {
      asked.add(req.url ?? '');
      res.end('<a href="/analisis/BBCA">BBCA</a>');
    };
    await warmUp(handler, { prerendered: ['/', '/courses'], rounds: 8, research: false });
    expect([...asked].sort()).toEqual(['/', '/courses']);
    // Nothing to ask at all: no request, no error.
    expect(await warmUp(handler, { prerendered: [], rounds: 8, research: false })).toMatchObject({ requests: 0 });
  });

  it('stops at its deadline and never rejects, whatever the pages do', async () => {
    const handler = (_req: IncomingMessage, res: ServerResponse) => {
      setTimeout(() => res.end('lambat'), 50);
    };
    const started = performance.now();
    const result = await warmUp(handler, { prerendered: ['/', '/a', '/b', '/c'], deadlineMs: 120 });
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(result.requests).toBeLessThan(10);
  });
});
