/**
 * A Telegram Bot API stand-in on loopback: answers the methods Telaah calls, records every call, and
 * posts updates to the app's webhook with the secret header, as Telegram does.
 *
 * In-process: `await startTelegramStandIn({ webhookUrl, secret })`. As a process (Playwright's
 * webServer): `tsx tests/stand-ins/telegram.ts --port N --webhook URL --secret S`, then drive it over
 * HTTP: `GET /__calls[?method=m]`, `POST /__update` (an update; the answer is the webhook's status and
 * body), `POST /__fail` ({ method, code, description }: the next call of that method fails).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

export interface RecordedCall {
  method: string;
  params: Record<string, unknown>;
}

export interface WebhookAnswer {
  status: number;
  body: string;
}

export interface TelegramStandIn {
  /** Bot API root for TELEGRAM_API_ROOT. */
  url: string;
  port: number;
  calls(method?: string): RecordedCall[];
  /** Posts an update to the webhook (a fresh update_id unless given); `secret` overrides the right one. */
  sendUpdate(update: Record<string, unknown>, opts?: { secret?: string | null }): Promise<WebhookAnswer>;
  failNext(method: string, code: number, description: string): void;
  close(): Promise<void>;
}

export interface StandInOptions {
  port?: number;
  webhookUrl?: string;
  secret?: string;
}

async function body(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function parseParams(raw: string, type: string | undefined): Record<string, unknown> {
  if (!raw) return {};
  if (type?.includes('application/json')) return JSON.parse(raw) as Record<string, unknown>;
  return Object.fromEntries(new URLSearchParams(raw));
}

export async function startTelegramStandIn(opts: StandInOptions = {}): Promise<TelegramStandIn> {
  const calls: RecordedCall[] = [];
  const failures = new Map<string, { code: number; description: string }>();
  let nextUpdateId = 1000 + Math.floor(Math.random() * 1000) * 1000;
  let nextMessageId = 1;
  let nextInvite = 1;

  function answer(method: string, params: Record<string, unknown>): unknown {
    const now = Math.floor(Date.now() / 1000);
    switch (method) {
      case 'getMe':
        return { id: 123456, is_bot: true, first_name: 'Telaah', username: 'TelaahStandInBot' };
      case 'sendMessage':
        return {
          message_id: nextMessageId++,
          date: now,
          chat: { id: params.chat_id, type: 'private' },
          text: params.text,
        };
      case 'createChatInviteLink':
        return {
          invite_link: `https://t.me/+standin${String(nextInvite++).padStart(6, '0')}`,
          creator: { id: 123456, is_bot: true, first_name: 'Telaah' },
          creates_join_request: Boolean(params.creates_join_request),
          is_primary: false,
          is_revoked: false,
          name: params.name,
          expire_date: params.expire_date,
        };
      case 'approveChatJoinRequest':
      case 'declineChatJoinRequest':
      case 'banChatMember':
      case 'unbanChatMember':
      case 'setWebhook':
      case 'deleteWebhook':
        return true;
      default:
        return undefined;
    }
  }

  async function sendUpdate(
    update: Record<string, unknown>,
    o: { secret?: string | null } = {},
  ): Promise<WebhookAnswer> {
    if (!opts.webhookUrl) throw new Error('stand-in started without webhookUrl');
    const secret = o.secret === undefined ? opts.secret : o.secret;
    const res = await fetch(opts.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(secret ? { 'x-telegram-bot-api-secret-token': secret } : {}) },
      body: JSON.stringify({ update_id: nextUpdateId++, ...update }),
    });
    return { status: res.status, body: await res.text() };
  }

  const server: Server = createServer(async (req, res) => {
    const send = (status: number, data: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(data));
    };
    try {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const raw = await body(req);
      if (url.pathname === '/__calls') {
        const m = url.searchParams.get('method');
        return send(200, m ? calls.filter((c) => c.method === m) : calls);
      }
      if (url.pathname === '/__update') {
        const { update, secret } = JSON.parse(raw) as { update: Record<string, unknown>; secret?: string | null };
        return send(200, await sendUpdate(update, { secret }));
      }
      if (url.pathname === '/__fail') {
        const f = JSON.parse(raw) as { method: string; code: number; description: string };
        failures.set(f.method, f);
        return send(200, { ok: true });
      }
      const match = /^\/bot[^/]+\/([A-Za-z]+)$/.exec(url.pathname);
      if (!match) return send(404, { ok: false, error_code: 404, description: 'Not Found' });
      const method = match[1]!;
      const params = { ...Object.fromEntries(url.searchParams), ...parseParams(raw, req.headers['content-type']) };
      calls.push({ method, params });
      const failure = failures.get(method);
      if (failure) {
        failures.delete(method);
        return send(failure.code, { ok: false, error_code: failure.code, description: failure.description });
      }
      const result = answer(method, params);
      if (result === undefined)
        return send(404, { ok: false, error_code: 404, description: 'Not Found: method not in the stand-in' });
      return send(200, { ok: true, result });
    } catch (err) {
      send(500, { ok: false, error_code: 500, description: String(err) });
    }
  });

  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    calls: (method) => (method ? calls.filter((c) => c.method === method) : [...calls]),
    sendUpdate,
    failNext: (method, code, description) => failures.set(method, { code, description }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: { port: { type: 'string' }, webhook: { type: 'string' }, secret: { type: 'string' } },
  });
  const standIn = await startTelegramStandIn({
    port: Number(values.port),
    webhookUrl: values.webhook,
    secret: values.secret,
  });
  console.log(`Telegram Bot API stand-in on ${standIn.url}`);
}
