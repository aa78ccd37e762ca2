import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MalformedEnvelopeError, parseEnvelope } from './envelope';

const encoder = new TextEncoder();
const bytes = (s: string) => encoder.encode(s);
const concat = (...parts: Uint8Array[]) => new Uint8Array(parts.flatMap((p) => [...p]));

describe('parseEnvelope', () => {
  it('reads the header and JSON items, with or without a trailing newline', () => {
    const body =
      '{"dsn":"http://k@h/1","event_id":"e"}\n{"type":"event"}\n{"message":"x"}\n{"type":"session"}\n{"sid":"s"}';
    expect(parseEnvelope(bytes(body))).toEqual({
      header: { dsn: 'http://k@h/1', event_id: 'e' },
      items: [
        { type: 'event', length: 15 },
        { type: 'session', length: 11 },
      ],
    });
    expect(parseEnvelope(bytes(`${body}\n`)).items).toHaveLength(2);
  });

  it('reads binary payloads by length, whatever bytes they hold', () => {
    const payload = Uint8Array.from([0x0a, 0x00, 0xff, 0x0a]);
    const body = concat(bytes('{}\n{"type":"attachment","length":4}\n'), payload, bytes('\n{"type":"event"}\n{}'));
    expect(parseEnvelope(body).items).toEqual([
      { type: 'attachment', length: 4 },
      { type: 'event', length: 2 },
    ]);
  });

  it.each([
    ['empty body', ''],
    ['header not JSON', 'hello'],
    ['header an array', '[]'],
    ['header a string', '"x"'],
    ['dsn not a string', '{"dsn":1}'],
    ['item header not an object', '{}\n42\n{}'],
    ['item without type', '{}\n{"length":2}\n{}'],
    ['item payload missing', '{}\n{"type":"event"}'],
    ['item payload not JSON', '{}\n{"type":"event"}\n{oops'],
    ['length past the end', '{}\n{"type":"a","length":10}\nabc'],
    ['length not followed by a newline', '{}\n{"type":"a","length":1}\nabc'],
    ['negative length', '{}\n{"type":"a","length":-1}\nabc'],
    ['fractional length', '{}\n{"type":"a","length":1.5}\nabc'],
  ])('refuses %s', (_, body) => {
    expect(() => parseEnvelope(bytes(body))).toThrow(MalformedEnvelopeError);
  });

  it('refuses invalid UTF-8 in a JSON line', () => {
    expect(() => parseEnvelope(Uint8Array.from([0x7b, 0xff, 0x7d]))).toThrow(MalformedEnvelopeError);
  });

  it('reads back every envelope an SDK could write', () => {
    const item = fc.oneof(
      fc.dictionary(fc.string(), fc.jsonValue()).map((payload) => ({ json: true as const, payload })),
      fc.uint8Array({ maxLength: 100 }).map((payload) => ({ json: false as const, payload })),
    );
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), fc.jsonValue()).filter((h) => !('dsn' in h) || typeof h.dsn === 'string'),
        fc.array(item, { maxLength: 5 }),
        (header, items) => {
          const parts: Uint8Array[] = [bytes(JSON.stringify(header))];
          for (const it of items) {
            if (it.json) parts.push(bytes(`\n{"type":"event"}\n${JSON.stringify(it.payload)}`));
            else parts.push(bytes(`\n{"type":"attachment","length":${it.payload.length}}\n`), it.payload);
          }
          const parsed = parseEnvelope(concat(...parts));
          expect(parsed.items.map((i) => i.type)).toEqual(items.map((i) => (i.json ? 'event' : 'attachment')));
        },
      ),
    );
  });
});
