/** Watchlists: a member's lists, their rows and the page's state. */
export { searchEmiten } from './lists';
export { handleWatchlistPost, watchlistPageState, watchQuerySchema } from './page';
export { type WatchRow } from './rows';
