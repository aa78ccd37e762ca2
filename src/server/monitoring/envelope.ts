/**
 * Reads the framing of a Sentry envelope (https://develop.sentry.dev/sdk/data-model/envelopes/) from raw
 * bytes, strictly: a JSON object header line, then items, each a JSON object header with a string
 * `type` followed by a payload of `length` bytes or, without `length`, one JSON line. Binary-safe:
 * payloads with a length (attachments, replays) may hold any bytes, including newlines.
 */

export interface EnvelopeHeader {
  dsn?: string;
  [key: string]: unknown;
}

export interface EnvelopeItem {
  type: string;
  length: number;
}

export interface Envelope {
  header: EnvelopeHeader;
  items: EnvelopeItem[];
}

export class MalformedEnvelopeError extends Error {
  override name = 'MalformedEnvelopeError';
}

const NEWLINE = 0x0a;
const decoder = new TextDecoder('utf-8', { fatal: true });

function readJsonObject(bytes: Uint8Array, what: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(decoder.decode(bytes));
  } catch {
    throw new MalformedEnvelopeError(`${what} is not JSON`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new MalformedEnvelopeError(`${what} is not an object`);
  return value as Record<string, unknown>;
}

/** Returns the index just past the line that starts at `from` (the newline, or the end of the body). */
function lineEnd(body: Uint8Array, from: number): number {
  const i = body.indexOf(NEWLINE, from);
  return i < 0 ? body.length : i;
}

/** Parses an envelope's framing; throws MalformedEnvelopeError when it does not hold together. */
export function parseEnvelope(body: Uint8Array): Envelope {
  if (body.length === 0) throw new MalformedEnvelopeError('empty body');
  let end = lineEnd(body, 0);
  const header = readJsonObject(body.subarray(0, end), 'envelope header') as EnvelopeHeader;
  if (header.dsn !== undefined && typeof header.dsn !== 'string')
    throw new MalformedEnvelopeError('dsn is not a string');
  const items: EnvelopeItem[] = [];
  let at = end + 1;
  while (at < body.length) {
    // A trailing newline after the last item is allowed.
    if (at === body.length - 1 && body[at] === NEWLINE) break;
    end = lineEnd(body, at);
    const itemHeader = readJsonObject(body.subarray(at, end), `item ${items.length + 1} header`);
    if (typeof itemHeader.type !== 'string' || itemHeader.type === '')
      throw new MalformedEnvelopeError(`item ${items.length + 1} has no type`);
    at = end + 1;
    const length = itemHeader.length;
    if (length !== undefined) {
      if (typeof length !== 'number' || !Number.isInteger(length) || length < 0 || at + length > body.length) {
        throw new MalformedEnvelopeError(`item ${items.length + 1} has a bad length`);
      }
      if (at + length < body.length && body[at + length] !== NEWLINE)
        throw new MalformedEnvelopeError(`item ${items.length + 1} overruns its length`);
      items.push({ type: itemHeader.type, length });
      at += length + 1;
    } else {
      if (at > body.length) throw new MalformedEnvelopeError(`item ${items.length + 1} has no payload`);
      end = lineEnd(body, at);
      readJsonObject(body.subarray(at, end), `item ${items.length + 1} payload`);
      items.push({ type: itemHeader.type, length: end - at });
      at = end + 1;
    }
  }
  return { header, items };
}
