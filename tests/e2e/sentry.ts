/** Reading the Sentry ingest stand-in (tests/stand-ins/sentry.ts) that the e2e servers report to. */
import type { RateLimit, RecordedEnvelope } from '../stand-ins/sentry';
import { PORTS } from '../../playwright.config';

const base = `http://127.0.0.1:${PORTS.sentry}`;

export async function envelopes(): Promise<RecordedEnvelope[]> {
  return (await (await fetch(`${base}/__envelopes`)).json()) as RecordedEnvelope[];
}

export interface ErrorEvent {
  event_id: string;
  exception?: { values?: { type?: string; value?: string; mechanism?: { type?: string; handled?: boolean } }[] };
  message?: string;
  user?: Record<string, unknown>;
  tags?: Record<string, string>;
  environment?: string;
  release?: string;
  sdk?: { name?: string };
}

/** Error events received so far, with the raw envelope they came in. */
export async function errorEvents(): Promise<{ event: ErrorEvent; raw: string }[]> {
  return (await envelopes()).flatMap((e) =>
    e.items
      .filter((i) => i.type === 'event')
      .map((i) => ({ event: i.payload as ErrorEvent, raw: Buffer.from(e.raw, 'base64').toString('utf8') })),
  );
}

/** The first error event whose exception value contains `text`, if it has arrived. */
export async function eventWith(text: string): Promise<{ event: ErrorEvent; raw: string } | undefined> {
  return (await errorEvents()).find(({ event }) =>
    (event.exception?.values ?? []).some((v) => v.value?.includes(text)),
  );
}

export async function setRateLimit(limit: RateLimit | null): Promise<void> {
  await fetch(`${base}/__rate-limit`, limit ? { method: 'PUT', body: JSON.stringify(limit) } : { method: 'DELETE' });
}
