/**
 * Bodies together (issue #28, item 1, at small scale): the process-wide budget, the per-address limit
 * and the timeout for stalled bodies, against the real guard in front of a stand-in for the adapter.
 * The full-size attack (2 000 connections, RSS measured) runs against the real server in
 * tests/e2e/hardening.spec.ts.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createBodyGuard, type BodyGuard } from './body-limits';
import { wrapHandler } from './node-server';
import { getFrom } from '../../../tests/stalled-bodies';

function adapter(req: IncomingMessage & { body?: Buffer }, res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ bytes: req.body?.length ?? -1 }));
}

const KIB = 1024;
let server: Server;
let port: number;
let guard: BodyGuard;
const open: Socket[] = [];

beforeAll(async () => {
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  guard = createBodyGuard({ budgetBytes: 300 * KIB, perAddress: 2, idleMs: 400, totalMs: 5_000 });
  server = createServer(wrapHandler(adapter, new Map(), false, new Map(), guard));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
});
afterEach(() => {
  for (const s of open.splice(0)) s.destroy();
});
afterAll(async () => {
  vi.restoreAllMocks();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

interface Stalled {
  /** The status line's code once an answer arrives. */
  status: Promise<{ code: number; head: string }>;
}

/** Sends headers declaring `declared` bytes and `sent` of them from `from`, then stalls. */
function stall(from: string, declared: number, sent: number): Promise<Stalled> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port, localAddress: from });
    open.push(socket);
    socket.on('error', () => undefined);
    const status = new Promise<{ code: number; head: string }>((done) => {
      socket.once('data', (d: Buffer) => {
        const head = d.toString('latin1');
        done({ code: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), head });
      });
      socket.once('close', () => done({ code: 0, head: '' }));
    });
    socket.once('connect', () => {
      socket.write(
        `POST /api/webhooks/midtrans HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${declared}\r\n\r\n`,
      );
      socket.write(Buffer.alloc(sent, 0x61), () => setTimeout(() => resolve({ status }), 50));
    });
  });
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
};

describe('bodies together', () => {
  it('limits the bodies one address may send at once; another address is still answered', async () => {
    await stall('127.0.0.3', 10 * KIB, 1 * KIB);
    await stall('127.0.0.3', 10 * KIB, 1 * KIB);
    const third = await stall('127.0.0.3', 10 * KIB, 1 * KIB);
    const refused = await third.status;
    expect(refused.code).toBe(429);
    expect(refused.head.toLowerCase()).toContain('retry-after: 5');
    expect(await getFrom('127.0.0.2', `http://127.0.0.1:${port}/`)).toBe(200);
  });

  it('answers 503 with Retry-After once the budget for buffered bodies is spent', async () => {
    const first = await stall('127.0.0.4', 250 * KIB, 200 * KIB);
    await until(() => guard.usage().bytes >= 200 * KIB);
    const second = await stall('127.0.0.5', 250 * KIB, 200 * KIB);
    const refused = await second.status;
    expect(refused.code).toBe(503);
    expect(refused.head.toLowerCase()).toContain('retry-after: 5');
    expect((await first.status).code).toBe(408);
  });

  it('answers 408 to a stalled body and gives its memory back', async () => {
    const stalled = await stall('127.0.0.6', 100 * KIB, 50 * KIB);
    const started = performance.now();
    expect((await stalled.status).code).toBe(408);
    expect(performance.now() - started).toBeLessThan(2_000);
    for (const s of open.splice(0)) s.destroy();
    await until(() => guard.usage().bytes === 0 && guard.usage().reading === 0);
    expect(guard.usage()).toEqual({ bytes: 0, reading: 0 });
  });
});
