import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BODY_LIMITS, bodyRuleFor } from './body-limits';
import { wrapHandler } from './node-server';
import { setProcessDatabase } from '../db/client';
import { postChunked, type ChunkedAnswer } from '../../../tests/chunked-post';
import { createTestDb, type TestDb } from '../../../tests/db';

// Stands in for the Node adapter: answers with the size of the body it was handed.
let reached = 0;
function adapter(req: IncomingMessage & { body?: Buffer }, res: ServerResponse): void {
  reached += 1;
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ bytes: req.body?.length ?? -1 }));
}

let server: Server;
let port: number;
let h: TestDb;

beforeAll(async () => {
  // The database the server's fast paths look in (an anonymous research page kept for the market version).
  h = await createTestDb();
  setProcessDatabase(h);
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  server = createServer(wrapHandler(adapter, new Map(), false));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
});
afterAll(async () => {
  vi.restoreAllMocks();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await h.close();
});

type Answer = ChunkedAnswer;

function sendChunked(path: string, total: number, type = 'text/csv'): Promise<ChunkedAnswer> {
  return postChunked(`http://127.0.0.1:${port}${path}`, total, { 'content-type': type });
}

function post(path: string, body: string, type: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'POST', headers: { 'content-type': type } }, (res) => {
      let text = '';
      res.on('data', (d) => (text += String(d)));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, sent: body.length }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const MB = 1024 * 1024;

describe('request body caps', () => {
  it.each([
    ['/api/webhooks/midtrans', BODY_LIMITS.webhook, 'application/json'],
    ['/api/webhooks/stripe', BODY_LIMITS.webhook, 'application/json'],
    ['/api/telegram/webhook', BODY_LIMITS.webhook, 'application/json'],
    ['/api/portfolio/import', BODY_LIMITS.import, 'text/csv'],
    ['/portofolio/transaksi', BODY_LIMITS.import, 'multipart/form-data; boundary=x'],
    ['/api/portfolio/transactions', BODY_LIMITS.standard, 'application/json'],
    ['/sign-in', BODY_LIMITS.standard, 'application/x-www-form-urlencoded'],
  ])('stops reading a 50 MB chunked body to %s at its cap and answers 413', async (path, cap, type) => {
    const before = reached;
    const answer = await sendChunked(path, 50 * MB, type);
    expect(answer.status).toBe(413);
    expect(reached).toBe(before);
    // The answer came while the client was still sending, well before 50 MB.
    expect(answer.sent).toBeLessThan(cap + 8 * MB);
  });

  it('refuses a declared Content-Length over the cap before reading anything', async () => {
    const answer = await new Promise<number>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port, path: '/sign-up', method: 'POST', headers: { 'content-length': String(10 * MB) } },
        (res) => resolve(res.statusCode ?? 0),
      );
      req.setHeader('content-type', 'application/x-www-form-urlencoded');
      req.on('error', reject);
      req.write('a=1');
    });
    expect(answer).toBe(413);
  });

  it('hands a body within its cap to the app whole', async () => {
    const csv = 'a'.repeat(2 * MB);
    const answer = await post('/api/portfolio/import', csv, 'text/csv');
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ bytes: 2 * MB });
  });

  it('gives every route a cap of at most 5 MB and some framing', () => {
    for (const path of ['/', '/api/x', '/_server-islands/X', '/monitoring', '/portofolio/transaksi'])
      expect(bodyRuleFor(path).maxBytes).toBeLessThanOrEqual(BODY_LIMITS.import);
  });
});

describe('body types and control characters', () => {
  it.each(['/sign-in', '/sign-up', '/settings/account', '/pay', '/api/impersonate/start'])(
    'answers 415 to a JSON body posted to the form route %s',
    async (path) => {
      const before = reached;
      const answer = await post(path, '{}', 'application/json');
      expect(answer.status).toBe(415);
      expect(answer.body).toContain('formulir');
      expect(reached).toBe(before);
    },
  );

  it('refuses a NUL in a form field with 400 naming the field', async () => {
    const answer = await post('/sign-up', 'name=Nu%00ll&email=x%40example.test', 'application/x-www-form-urlencoded');
    expect(answer.status).toBe(400);
    expect(answer.body).toContain('Kolom &quot;name&quot;');
  });

  it('refuses a control character in a JSON string with 400 naming its path', async () => {
    const answer = await post('/api/portfolio/portfolios', '{"name":"a\\u0007b"}', 'application/json');
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ fields: { name: expect.stringContaining('"name"') } });
  });

  it('refuses a control character in a multipart text field and in the query string', async () => {
    const multipart = '--x\r\nContent-Disposition: form-data; name="nama"\r\n\r\nA\u0000B\r\n--x--\r\n';
    const answer = await post('/portofolio/transaksi', multipart, 'multipart/form-data; boundary=x');
    expect(answer.status).toBe(400);
    expect(answer.body).toContain('nama');
    const query = await fetch(`http://127.0.0.1:${port}/analisis?q=%00`);
    expect(query.status).toBe(400);
  });

  it('lets tabs and line breaks through', async () => {
    const answer = await post('/sign-in', 'note=a%09b%0D%0Ac', 'application/x-www-form-urlencoded');
    expect(answer.status).toBe(200);
  });
});

describe('JSON endpoints', () => {
  it.each(['text/plain', 'application/x-www-form-urlencoded', 'application/octet-stream', ''])(
    'answers 415 to a %s body posted to a JSON endpoint',
    async (type) => {
      const before = reached;
      const answer = await post('/api/portfolio/portfolios', '{"name":"a\\u0000b"}', type);
      expect(answer.status).toBe(415);
      expect(reached).toBe(before);
    },
  );

  it('refuses a control character behind a deeply nested decoy with 400, and too deep JSON with 400', async () => {
    const decoy = `{"x":${'['.repeat(20_000)}${']'.repeat(20_000)},"name":"a\\u0000b"}`;
    const answer = await Promise.race([
      post('/api/portfolio/portfolios', decoy, 'application/json'),
      new Promise<Answer>((resolve) => setTimeout(() => resolve({ status: 0, body: 'no answer', sent: 0 }), 5_000)),
    ]);
    expect(answer.status).toBe(400);
    const deep = await post('/api/courses/progress', `{"x":${'['.repeat(40)}${']'.repeat(40)}}`, 'application/json');
    expect(deep.status).toBe(400);
    const fine = await post('/api/courses/progress', '{"x":[[1,{"a":"b"}]]}', 'application/json');
    expect(fine.status).toBe(200);
  });

  it('lets an empty DELETE through', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: '/api/portfolio/transactions/x', method: 'DELETE' }, (res) =>
        resolve(res.statusCode ?? 0),
      );
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(200);
  });
});
