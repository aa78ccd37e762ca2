/**
 * The jobs, each with its own advisory-lock key so different jobs may run side by side while the
 * same job never runs twice at once across servers.
 */
import { removeLapsedMembers } from '../services/telegram';
import { purgeLinkTokens } from '../services/telegram';
import { purgeLoginUses } from '../services/telegram';
import { purgeUpdates } from '../services/telegram';
import { runNotices } from '../services/notifications';
import { analysisRootOf, runMarketUpdate } from '../services/market-update';
import { describeAlertRun, runAlerts } from '../services/alerts';
import { describeBroadcastRun, runBroadcasts } from '../services/broadcasts';
import type { JobContext } from './context';

/** How long one pass of the broadcasts job sends before leaving the rest to the next pass. */
const BROADCAST_PASS_MS = 4 * 60_000;

export interface Job {
  name: string;
  lockKey: number;
  /** Does the work; resolves to a one-line summary for the log. */
  run(ctx: JobContext): Promise<string>;
}

export const JOBS: readonly Job[] = [
  {
    name: 'telegram-removals',
    lockKey: 1,
    async run(ctx) {
      if (!ctx.telegram) return 'Telegram not configured';
      const s = await removeLapsedMembers({ ...ctx.telegram, db: ctx.db, now: ctx.now });
      return `${s.checked} checked, ${s.removed} removed, ${s.failed} failed`;
    },
  },
  {
    name: 'notices',
    lockKey: 2,
    async run(ctx) {
      const tg = ctx.telegram?.tg;
      const summary = await runNotices({
        db: ctx.db,
        now: ctx.now(),
        appUrl: ctx.appUrl,
        contentDir: ctx.contentDir,
        sources: ctx.sources,
        senders: { mail: ctx.mail, telegram: tg ? (chatId, text) => tg.sendMessage(chatId, text) : null },
      });
      return Object.entries(summary)
        .map(([event, s]) => `${event} ${s.sent} sent/${s.skipped} already/${s.failed} failed`)
        .join(', ');
    },
  },
  {
    name: 'housekeeping',
    lockKey: 3,
    async run(ctx) {
      const now = ctx.now();
      const [tokens, logins, updates] = [
        await purgeLinkTokens(ctx.db, now),
        await purgeLoginUses(ctx.db, now),
        await purgeUpdates(ctx.db, now),
      ];
      return `purged ${tokens} link tokens, ${logins} login uses, ${updates} update ids`;
    },
  },
  {
    name: 'market-update',
    lockKey: 4,
    async run(ctx) {
      const settings = await ctx.marketUpdate();
      if (!settings) return 'market feed not configured';
      const s = await runMarketUpdate({
        ...settings,
        db: ctx.db,
        now: ctx.now,
        report: ctx.report,
        analysisRoot: analysisRootOf(ctx.contentDir),
      });
      if (!s.checked) return 'up to date';
      const parts = [`${s.checked} days checked`, `imported ${s.imported.join(', ') || 'none'}`];
      if (s.listed.length) parts.push(`new emiten ${s.listed.join(', ')}`);
      if (s.waiting.length) parts.push(`waiting ${s.waiting.join(', ')}`);
      if (s.problems.length) parts.push(`problems ${s.problems.join(', ')}`);
      // Alerts are evaluated as soon as a trading day's data lands (docs/product.md §10).
      if (s.imported.length) {
        const tg = ctx.telegram?.tg;
        const alerts = await runAlerts({
          db: ctx.db,
          now: ctx.now(),
          appUrl: ctx.appUrl,
          contentDir: ctx.contentDir,
          holidays: settings.holidays,
          days: s.imported,
          senders: { mail: ctx.mail, telegram: tg ? (chatId, text) => tg.sendMessage(chatId, text) : null },
        });
        parts.push(describeAlertRun(alerts));
      }
      return parts.join('; ');
    },
  },
  {
    name: 'broadcasts',
    lockKey: 5,
    async run(ctx) {
      const tg = ctx.telegram?.tg;
      const s = await runBroadcasts({
        db: ctx.db,
        now: ctx.now,
        appUrl: ctx.appUrl,
        senders: { mail: ctx.mail, telegram: tg ? (chatId, html) => tg.sendHtml(chatId, html) : null },
        rate: ctx.broadcastRate,
        maxMs: BROADCAST_PASS_MS,
      });
      return describeBroadcastRun(s);
    },
  },
];
