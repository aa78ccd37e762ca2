/**
 * The graceful stop of the HTTP server (issue #28, item 4, in-process): requests in flight when the stop
 * begins are all answered in full, keep-alive connections are let go, new connections are refused, and
 * whatever is still open at the deadline is cut.
 */
import { Agent, createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { drainServer, wrapHandler } from './node-server';

const BODY = 'x'.repeat(200_000);

function adapter(req: IncomingMessage, res: ServerResponse): void {
  if (req.url === '/never') return; // Never answers.
  setTimeout(() => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end(BODY);
  }, 300);
}

let server: Server;
let port: number;
beforeEach(async () => {
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  server = createServer(wrapHandler(adapter, new Map(), false));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
});
afterEach(() => {
  vi.restoreAllMocks();
  server.closeAllConnections();
});

function get(path: string, agent?: Agent): Promise<{ status: number; bytes: number; connection?: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
      let bytes = 0;
      res.on('data', (d: Buffer) => (bytes += d.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, connection: res.headers.connection }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('drainServer', () => {
  it('answers all 24 requests in flight in full, then refuses new connections', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 24 });
    // Warm keep-alive connections up, so that some requests arrive on connections that were idle.
    await Promise.all(Array.from({ length: 8 }, () => get('/', agent)));
    const inFlight = Array.from({ length: 24 }, () => get('/', agent));
    await new Promise((r) => setTimeout(r, 100));
    const drained = drainServer(server, 5_000);
    const answers = await Promise.all(inFlight);
    expect(answers.map((a) => [a.status, a.bytes])).toEqual(answers.map(() => [200, BODY.length]));
    expect(answers.every((a) => a.connection === 'close')).toBe(true);
    expect(await drained).toBe(true);
    await expect(get('/')).rejects.toThrow(/ECONNREFUSED/);
    agent.destroy();
  });

  it('cuts what is still open at the deadline', async () => {
    const stuck = get('/never').catch((err: Error) => err);
    await new Promise((r) => setTimeout(r, 100));
    const started = performance.now();
    expect(await drainServer(server, 300)).toBe(false);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(await stuck).toBeInstanceOf(Error);
  });
});
