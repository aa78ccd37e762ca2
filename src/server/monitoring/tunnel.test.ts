import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { startSentryStandIn, type SentryStandIn } from '../../../tests/stand-ins/sentry';
import { MAX_ENVELOPE_BYTES, relayEnvelope } from './tunnel';

let ingest: SentryStandIn;
let DSN: string;

beforeAll(async () => {
  ingest = await startSentryStandIn();
  DSN = ingest.dsn(42);
});
afterAll(() => ingest.close());
beforeEach(() => ingest.reset());

const encoder = new TextEncoder();

function envelope(dsn: string, eventId = 'a'.repeat(32)): Uint8Array {
  return encoder.encode(
    `${JSON.stringify({ event_id: eventId, dsn, sent_at: '2026-11-20T03:00:00.000Z' })}\n{"type":"event"}\n${JSON.stringify(
      {
        event_id: eventId,
        exception: { values: [{ type: 'Error', value: 'boom' }] },
      },
    )}\n`,
  );
}

function post(body: BodyInit | Uint8Array | null, query = '?p=42', headers: Record<string, string> = {}): Request {
  return new Request(`http://localhost:4321/monitoring${query}`, {
    method: 'POST',
    body: body as BodyInit,
    headers,
    duplex: 'half',
  } as RequestInit);
}

describe('the monitoring tunnel', () => {
  it('answers 404 and relays nothing when no DSN is configured', async () => {
    const res = await relayEnvelope(post(envelope('http://publickey@127.0.0.1:1/42')), { dsn: undefined });
    expect(res.status).toBe(404);
    expect(ingest.envelopes()).toHaveLength(0);
  });

  it('relays an envelope of the configured DSN byte for byte and returns the upstream status', async () => {
    const body = envelope(DSN);
    const res = await relayEnvelope(post(body), { dsn: DSN });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toBeNull();
    const [got] = ingest.envelopes();
    expect(got?.project).toBe('42');
    expect(Buffer.from(got!.raw, 'base64').equals(Buffer.from(body))).toBe(true);
  });

  it('relays binary attachments with newlines and non-UTF-8 bytes intact', async () => {
    const payload = Uint8Array.from([0x00, 0x0a, 0xff, 0xfe, 0x0a, 0x7b, 0x0a]);
    const head = encoder.encode(
      `{"dsn":"${DSN}"}\n{"type":"attachment","length":${payload.length},"filename":"x.bin"}\n`,
    );
    const body = new Uint8Array([...head, ...payload, 0x0a, ...encoder.encode('{"type":"event"}\n{"message":"m"}')]);
    const res = await relayEnvelope(post(body), { dsn: DSN });
    expect(res.status).toBe(200);
    expect(Buffer.from(ingest.envelopes()[0]!.raw, 'base64').equals(Buffer.from(body))).toBe(true);
  });

  it('refuses an envelope for another DSN (never an open relay)', async () => {
    for (const foreign of [
      'http://otherkey@127.0.0.1:1/42',
      `https://publickey@o1.ingest.sentry.io/42`,
      DSN.replace('/42', '/43'),
      DSN.replace('publickey', 'attacker'),
      `${DSN} `,
      `${DSN}/`,
      'not a dsn',
    ]) {
      const res = await relayEnvelope(post(envelope(foreign)), { dsn: DSN });
      expect(res.status, foreign).toBe(403);
    }
    expect(ingest.envelopes()).toHaveLength(0);
  });

  it('refuses o/p/r parameters that do not name the configured project', async () => {
    for (const query of ['', '?p=43', '?o=1&p=42', '?p=42&r=us', '?p=42&p=42', '?project=42']) {
      const res = await relayEnvelope(post(envelope(DSN), query), { dsn: DSN });
      expect(res.status, query).toBe(403);
    }
    expect(ingest.envelopes()).toHaveLength(0);
  });

  it('checks o and r against a sentry.io DSN and relays only to the host of the configured DSN', async () => {
    const saas = 'https://key@o77.ingest.de.sentry.io/9';
    const seen: string[] = [];
    const fakeFetch = (async (url: string | URL | Request) => {
      seen.push(String(url));
      return new Response('{}', { status: 200 });
    }) as typeof fetch;
    expect((await relayEnvelope(post(envelope(saas), '?o=77&p=9&r=de'), { dsn: saas, fetch: fakeFetch })).status).toBe(
      200,
    );
    expect((await relayEnvelope(post(envelope(saas), '?o=78&p=9&r=de'), { dsn: saas, fetch: fakeFetch })).status).toBe(
      403,
    );
    expect((await relayEnvelope(post(envelope(saas), '?o=77&p=9'), { dsn: saas, fetch: fakeFetch })).status).toBe(403);
    expect(seen).toEqual(['https://o77.ingest.de.sentry.io/api/9/envelope/']);
  });

  it('refuses a body over 1 MiB with 413, by Content-Length or by counting', async () => {
    const big = new Uint8Array(MAX_ENVELOPE_BYTES + 1).fill(0x20);
    expect((await relayEnvelope(post(big), { dsn: DSN })).status).toBe(413);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 17; i++) controller.enqueue(new Uint8Array(64 * 1024).fill(0x20));
        controller.close();
      },
    });
    expect((await relayEnvelope(post(stream), { dsn: DSN })).status).toBe(413);
    expect(ingest.envelopes()).toHaveLength(0);
  });

  it('answers 400 to malformed envelopes', async () => {
    for (const body of [
      '',
      'hello',
      '[]\n',
      '{"dsn":42}',
      `{"dsn":"${DSN}"}\n{"type":"event"}\nnot json`,
      `{"dsn":"${DSN}"}\n{"length":2}\n{}`,
      '{}',
    ]) {
      const res = await relayEnvelope(post(body), { dsn: DSN });
      expect(res.status, body).toBe(400);
    }
    expect(ingest.envelopes()).toHaveLength(0);
  });

  it('passes back a 429 with its rate-limit headers', async () => {
    ingest.rateLimit({ retryAfter: 60, limits: '60:error;transaction:organization' });
    const res = await relayEnvelope(post(envelope(DSN)), { dsn: DSN });
    expect(res.status).toBe(429);
    expect(res.headers.get('x-sentry-rate-limits')).toBe('60:error;transaction:organization');
    expect(res.headers.get('retry-after')).toBe('60');
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('answers 502 when the monitoring service cannot be reached', async () => {
    const unreachable = 'http://publickey@127.0.0.1:1/42';
    const res = await relayEnvelope(post(envelope(unreachable)), { dsn: unreachable });
    expect(res.status).toBe(502);
  });

  it('never answers 5xx and never relays 1 000 garbage bodies', async () => {
    const text = (s: string) => encoder.encode(s);
    const garbage = fc.oneof(
      fc.uint8Array({ maxLength: 2048 }),
      fc.string({ maxLength: 512 }).map(text),
      fc.json().map(text),
      fc.tuple(fc.json(), fc.json()).map(([a, b]) => text(`${a}\n${b}\n${b}`)),
      // A foreign or mangled DSN with a well-formed event.
      fc.webUrl().map((url) => envelope(url)),
      fc.string({ maxLength: 64 }).map((s) => envelope(DSN + s.replace(/^$/, 'x'))),
      // The right DSN but broken item framing.
      fc
        .tuple(
          fc.uint8Array({ minLength: 1, maxLength: 64 }),
          fc.nat(),
          fc.constantFrom('overrun', 'short', 'negative'),
        )
        .map(([bytes, n, how]) => {
          // A length that runs past the body, stops short of a newline, or is negative.
          const length =
            how === 'overrun' ? bytes.length + 2 + (n % 100) : how === 'short' ? n % bytes.length : -1 - (n % 5);
          if (how === 'short') bytes[length] = 0x41;
          return new Uint8Array([
            ...text(`{"dsn":"${DSN}"}\n{"type":"attachment","length":${length}}\n`),
            ...bytes,
            0x41,
          ]);
        }),
      fc
        .string({ maxLength: 64 })
        .filter((s) => !s.includes('}'))
        .map((s) => text(`{"dsn":"${DSN}"}\n{"type":"event"}\n{${s}`)),
    );
    await fc.assert(
      fc.asyncProperty(garbage, async (body) => {
        const res = await relayEnvelope(post(body), { dsn: DSN });
        expect(res.status).toBeLessThan(500);
        expect(res.status).toBeGreaterThanOrEqual(400);
      }),
      { numRuns: 1000 },
    );
    expect(ingest.envelopes()).toHaveLength(0);
  });
});
