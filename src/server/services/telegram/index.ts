/** Telegram: the bot, member links, group access and removals, and the /telegram page's state. */
export { processTelegram } from './process';
export type { TelegramDeps } from './context';
export { createTelaahBot, purgeUpdates } from './bot';
export { telegramSettings } from './context';
export { groupAccess, type GroupAccess } from './groups';
export { findLink, issueLinkToken, purgeLinkTokens, type TelegramLink, unlinkAccount } from './link';
export { finishWidgetLink, startLinkUrl, telegramPage, unlinkTelegram, WIDGET_MESSAGES } from './page';
export { removeLapsedMembers } from './removals';
export { linkByWidget, purgeLoginUses } from './widget';
