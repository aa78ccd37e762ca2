import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { MEMBER_LANDING, warmUp } from './warm-up';

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
    const result = await warmUp(handler, { prerendered: ['/', '/courses'], rounds: 40, researchPages: 24 });
    const paths = new Set(asked.map((a) => a.split(' ')[0]));
    expect([...paths].sort()).toEqual(
      ['/', '/courses', '/analisis', '/analisis/BBCA', '/analisis/BBCA/kinerja-2025', '/api/emiten/BBCA/harga'].sort(),
    );
    for (const encoding of ['gzip, deflate, br, zstd', 'gzip', '-'])
      expect(asked, encoding).toContain(`/analisis/BBCA ${encoding}`);
    expect(result).toMatchObject({ paths: 6, requests: asked.length });
    expect(asked.length).toBeGreaterThanOrEqual(1 + 6 * 3 + 40);

    // At most `researchPages` of the pages /analisis links to, the first ones.
    asked.length = 0;
    await warmUp(handler, { prerendered: [], rounds: 0, researchPages: 1 });
    expect(new Set(asked.map((a) => a.split(' ')[0]))).toEqual(
      new Set(['/analisis', '/analisis/BBCA', '/api/emiten/BBCA/harga']),
    );
  });

  it('asks for no research page when told none (without APP_URL their links would name the loopback port)', async () => {
    const asked = new Set<string>();
    const handler = (req: IncomingMessage, res: ServerResponse) => {
      asked.add(req.url ?? '');
      res.end('<a href="/analisis/BBCA">BBCA</a>');
    };
    await warmUp(handler, { prerendered: ['/', '/courses'], rounds: 8, researchPages: 0 });
    expect([...asked].sort()).toEqual(['/', '/courses']);
    // Nothing to ask at all: no request, no error.
    expect(await warmUp(handler, { prerendered: [], rounds: 8, researchPages: 0 })).toMatchObject({ requests: 0 });
  });

  it("asks for each member's landing page with their cookie, each encoding, and their page in the compiler's rounds", async () => {
    const asked: { url?: string; cookie?: string; host?: string; proto?: string }[] = [];
    const handler = (req: IncomingMessage, res: ServerResponse) => {
      asked.push({
        url: req.url,
        cookie: req.headers.cookie,
        host: req.headers.host,
        proto: req.headers['x-forwarded-proto'] as string | undefined,
      });
      res.end('ok');
    };
    const members = ['authjs.session-token=a', 'authjs.session-token=b'];
    const memberHeaders = { host: 'telaah.example', 'x-forwarded-proto': 'https' };
    const result = await warmUp(handler, { prerendered: ['/'], researchPages: 0, members, memberHeaders, rounds: 8 });
    const memberAsks = asked.filter((a) => a.cookie);
    // Every member request for the landing page, through the proxy's host and protocol.
    expect(new Set(memberAsks.map((a) => `${a.url} ${a.host} ${a.proto}`))).toEqual(
      new Set([`${MEMBER_LANDING} telaah.example https`]),
    );
    // Once each while filling, and the first member's page again in the rounds.
    expect(memberAsks.filter((a) => a.cookie === members[1])).toHaveLength(1);
    expect(memberAsks.filter((a) => a.cookie === members[0]).length).toBeGreaterThan(1);
    // Anonymous pages carry no cookie and the host as asked.
    expect(asked.filter((a) => a.url === '/').every((a) => !a.cookie && a.host?.startsWith('127.0.0.1'))).toBe(true);
    expect(result.paths).toBe(3);
  });

  it("stops asking for members' pages once they took memberMs", async () => {
    const asked: string[] = [];
    const handler = (req: IncomingMessage, res: ServerResponse) => {
      if (req.headers.cookie) asked.push(req.headers.cookie);
      setTimeout(() => res.end('ok'), req.headers.cookie ? 40 : 0);
    };
    const members = Array.from({ length: 20 }, (_, i) => `authjs.session-token=${i}`);
    const result = await warmUp(handler, { prerendered: [], researchPages: 0, members, memberMs: 100, rounds: 0 });
    expect(asked.length).toBeGreaterThanOrEqual(1);
    expect(asked.length).toBeLessThan(6);
    expect(asked).toEqual(members.slice(0, asked.length));
    // Only the members asked count as filled.
    expect(result.paths).toBe(asked.length);
  });

  it('stops at its deadline and never rejects, whatever the pages do', async () => {
    const handler = (_req: IncomingMessage, res: ServerResponse) => {
      setTimeout(() => res.end('lambat'), 50);
    };
    const started = performance.now();
    const result = await warmUp(handler, {
      prerendered: ['/', '/a', '/b', '/c'],
      rounds: 2_000,
      researchPages: 24,
      deadlineMs: 120,
    });
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(result.requests).toBeLessThan(10);
  });
});
