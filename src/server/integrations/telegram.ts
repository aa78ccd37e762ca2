/**
 * The Telegram bot (grammY): the only file that imports grammy. It turns webhook requests into calls
 * of the handlers it is given and offers the few Bot API calls Telaah makes. It knows nothing of
 * members or tiers; `server/services/telegram` decides.
 */
import { timingSafeEqual } from 'node:crypto';
import { Bot, GrammyError, HttpError, webhookCallback } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';
import { log } from '../log';

export interface TelegramSettings {
  token: string;
  /** The bot's username without `@`. */
  username: string;
  /** Bot API root, e.g. a local stand-in; default https://api.telegram.org. */
  apiRoot?: string;
  /** Checked against `X-Telegram-Bot-Api-Secret-Token`; without it every webhook request is refused. */
  webhookSecret?: string;
}

export interface TelegramUser {
  id: number;
  username?: string;
  firstName: string;
}

export interface BotHandlers {
  /** `/start [payload]` in a private chat; resolves to the reply text. */
  onStart(from: TelegramUser, payload: string): Promise<string>;
  /** Someone asked to join a chat through a join-request link. */
  onJoinRequest(chatId: number, from: TelegramUser): Promise<'approve' | 'decline'>;
  /** Any other private message; resolves to the reply text. */
  onOtherMessage(from: TelegramUser): Promise<string>;
  /** Claims an update id before handling it: false when it was handled already (a redelivery). */
  claimUpdate(updateId: number): Promise<boolean>;
  /** Gives a claimed update id back after a failure, so Telegram's retry is handled. */
  releaseUpdate(updateId: number): Promise<void>;
}

/** A Bot API call failed. `permanent` (a 4xx other than 429) means retrying the same call will not help. */
export class TelegramApiError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'TelegramApiError';
  }
}

export interface Telegram {
  readonly username: string;
  /** Answers a webhook request: 401 on a wrong or missing secret (nothing else happens), 400 on a malformed body. */
  handleWebhook(request: Request): Promise<Response>;
  sendMessage(chatId: number, text: string): Promise<void>;
  /** Sends a message in Telegram's HTML subset (`parse_mode: HTML`; broadcasts). */
  sendHtml(chatId: number, html: string): Promise<void>;
  /** An invite link whose use creates a join request (the bot then approves or declines), valid until `expiresAt`. */
  createJoinRequestLink(chatId: string, name: string, expiresAt: Date): Promise<string>;
  /** Removes a user from a chat and lifts the ban at once, so they may join again later. */
  removeFromChat(chatId: string, userId: number): Promise<void>;
  /** Points Telegram at the webhook, with the secret, for the updates the bot handles. */
  setWebhook(url: string): Promise<void>;
}

/** The bot's id is the number before the colon of its token, so `getMe` is not needed. */
function botInfo(s: TelegramSettings): UserFromGetMe {
  return {
    id: Number(s.token.split(':')[0]) || 0,
    is_bot: true,
    first_name: 'Telaah',
    username: s.username,
    can_join_groups: true,
    can_read_all_group_messages: false,
    supports_inline_queries: false,
    can_connect_to_business: false,
    has_main_web_app: false,
    has_topics_enabled: false,
    allows_users_to_create_topics: false,
    can_manage_bots: false,
    supports_join_request_queries: false,
  };
}

const toUser = (u: { id: number; username?: string; first_name: string }): TelegramUser => ({
  id: u.id,
  username: u.username,
  firstName: u.first_name,
});

async function call<T>(what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof GrammyError) {
      const permanent = err.error_code >= 400 && err.error_code < 500 && err.error_code !== 429;
      throw new TelegramApiError(`${what}: ${err.error_code} ${err.description}`, permanent);
    }
    if (err instanceof HttpError) throw new TelegramApiError(`${what}: ${err.message}`, false);
    throw err;
  }
}

const REPLY = { link_preview_options: { is_disabled: true } };

/** Telegram accepts about 30 messages a second from a bot; staying under it avoids 429s on large notice runs. */
const SEND_INTERVAL_MS = 40;

/** Resolves callers one after another, at least `ms` apart. */
function pacer(ms: number): () => Promise<void> {
  let next = 0;
  return async () => {
    const now = Date.now();
    const at = Math.max(now, next);
    next = at + ms;
    if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
  };
}

/** Chat ids from the configuration are strings; the Bot API takes numeric ids as numbers. */
const chat = (id: string) => (/^-?\d+$/.test(id) ? Number(id) : id);

function hasSecret(request: Request, secret: string): boolean {
  const given = Buffer.from(request.headers.get('x-telegram-bot-api-secret-token') ?? '');
  const wanted = Buffer.from(secret);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** Why a webhook body is not an update the bot can handle; undefined when it is one. */
async function updateProblem(request: Request): Promise<string | undefined> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return 'not JSON';
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'not an object';
  const id = (body as { update_id?: unknown }).update_id;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 0) return 'no valid update_id';
  return undefined;
}

/** The bot; without `handlers` it only makes calls (CLIs) and answers every webhook request 503. */
export function createTelegram(settings: TelegramSettings, handlers?: BotHandlers): Telegram {
  const bot = new Bot(settings.token, {
    botInfo: botInfo(settings),
    client: { apiRoot: settings.apiRoot, timeoutSeconds: 15 },
  });

  if (handlers) install(bot, handlers);
  const pace = pacer(SEND_INTERVAL_MS);
  const callback =
    handlers && settings.webhookSecret
      ? webhookCallback(bot, 'std/http', { secretToken: settings.webhookSecret, timeoutMilliseconds: 20_000 })
      : null;

  return {
    username: settings.username,
    async handleWebhook(request) {
      if (!handlers) return new Response('"no handlers"', { status: 503 });
      // Without a configured secret grammY would accept anyone: refuse instead.
      if (!callback) return new Response('"unauthorized"', { status: 401 });
      if (!hasSecret(request, settings.webhookSecret!)) return new Response('"unauthorized"', { status: 401 });
      // Telegram sent it (the secret matches), so a body we cannot use is acknowledged: any other
      // answer makes Telegram deliver it again and again.
      const problem = await updateProblem(request.clone());
      if (problem) {
        log('warn', 'telegram update rejected', { reason: problem });
        return new Response('"rejected"', { status: 200 });
      }
      return await callback(request);
    },
    async sendMessage(chatId, text) {
      await pace();
      await call('sendMessage', () => bot.api.sendMessage(chatId, text, REPLY));
    },
    async sendHtml(chatId, html) {
      await pace();
      await call('sendMessage', () => bot.api.sendMessage(chatId, html, { ...REPLY, parse_mode: 'HTML' }));
    },
    async createJoinRequestLink(chatId, name, expiresAt) {
      const link = await call('createChatInviteLink', () =>
        bot.api.createChatInviteLink(chat(chatId), {
          name: name.slice(0, 32),
          expire_date: Math.floor(expiresAt.getTime() / 1000),
          creates_join_request: true,
        }),
      );
      return link.invite_link;
    },
    async removeFromChat(chatId, userId) {
      await call('banChatMember', () => bot.api.banChatMember(chat(chatId), userId));
      await call('unbanChatMember', () => bot.api.unbanChatMember(chat(chatId), userId, { only_if_banned: true }));
    },
    async setWebhook(url) {
      await call('setWebhook', () =>
        bot.api.setWebhook(url, {
          secret_token: settings.webhookSecret,
          allowed_updates: ['message', 'chat_join_request'],
        }),
      );
    },
  };
}

/** The update handlers: each update once, `/start` and other private messages, join requests. */
function install(bot: Bot, handlers: BotHandlers): void {
  bot.use(async (ctx, next) => {
    const id = ctx.update.update_id;
    if (!(await handlers.claimUpdate(id))) return;
    try {
      await next();
    } catch (err) {
      await handlers.releaseUpdate(id);
      throw err;
    }
  });
  const dm = bot.chatType('private');
  dm.command('start', async (ctx) => {
    await ctx.reply(await handlers.onStart(toUser(ctx.from), ctx.match.trim()), REPLY);
  });
  dm.on('message', async (ctx) => {
    await ctx.reply(await handlers.onOtherMessage(toUser(ctx.from)), REPLY);
  });
  bot.on('chat_join_request', async (ctx) => {
    const req = ctx.chatJoinRequest;
    const decision = await handlers.onJoinRequest(req.chat.id, toUser(req.from));
    if (decision === 'approve') await ctx.approveChatJoinRequest(req.from.id);
    else await ctx.declineChatJoinRequest(req.from.id);
  });
}
