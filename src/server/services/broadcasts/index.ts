/** Broadcasts (docs/product.md §6, decision 0039): composed in the console, delivered by the broadcasts job. */
export { readDraft, audienceSize, sendBroadcast, listBroadcasts, MAX_BODY, MAX_TITLE } from './compose';
export type { BroadcastInput, Draft } from './compose';
export { runBroadcasts, describeBroadcastRun } from './deliver';
export type { BroadcastSenders } from './deliver';
