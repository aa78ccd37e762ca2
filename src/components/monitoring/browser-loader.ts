/**
 * Browser monitoring loader, on every page (the `@sentry/astro` integration injects it as its client
 * init file). It holds no SDK code: the SDK is a separate chunk, imported only when monitoring is on.
 *
 * - Server-rendered pages say in a meta tag whether monitoring is on: `off` → nothing is loaded or
 *   sent; settings → the SDK starts at once.
 * - Pre-rendered pages cannot know: errors are held, and only when one happens is GET /monitoring asked
 *   for the settings (404 when off, and then the held errors are dropped).
 *
 * Errors that happen before the SDK has started (island errors, uncaught errors, rejections) are held
 * and sent once it has.
 */
import { MONITORING_META, type BrowserMonitoringConfig } from '../../lib/monitoring/browser-config';
import { setIslandErrorReporter, type IslandErrorInfo } from '../ui/island-errors';

interface Held {
  error: unknown;
  island?: IslandErrorInfo;
}

const MAX_HELD = 20;
const held: Held[] = [];
let state: 'waiting' | 'starting' | 'on' | 'off' = 'waiting';

function hold(item: Held): void {
  if (state === 'off' || state === 'on') return;
  if (held.length < MAX_HELD) held.push(item);
  if (state === 'waiting') void fetchSettingsAndStart();
}

const onError = (event: ErrorEvent) => hold({ error: event.error ?? event.message });
const onRejection = (event: PromiseRejectionEvent) => hold({ error: event.reason });

function stopListening(): void {
  removeEventListener('error', onError);
  removeEventListener('unhandledrejection', onRejection);
}

function turnOff(): void {
  state = 'off';
  held.length = 0;
  stopListening();
}

async function start(settings: BrowserMonitoringConfig): Promise<void> {
  state = 'starting';
  const sdk = await import('./browser-sdk');
  sdk.startBrowserMonitoring(settings);
  // From here the SDK's own handlers catch uncaught errors and rejections.
  stopListening();
  setIslandErrorReporter(sdk.captureIslandError);
  state = 'on';
  for (const item of held.splice(0)) {
    if (item.island) sdk.captureIslandError(item.error, item.island);
    else sdk.captureUncaughtError(item.error);
  }
}

async function fetchSettingsAndStart(): Promise<void> {
  state = 'starting';
  try {
    const res = await fetch('/monitoring', { headers: { accept: 'application/json' } });
    if (!res.ok) return turnOff();
    await start((await res.json()) as BrowserMonitoringConfig);
  } catch {
    turnOff();
  }
}

const meta = document.querySelector(`meta[name="${MONITORING_META}"]`)?.getAttribute('content');
if (meta === 'off') {
  state = 'off';
} else {
  addEventListener('error', onError);
  addEventListener('unhandledrejection', onRejection);
  setIslandErrorReporter((error, info) => hold({ error, island: info ?? {} }));
  if (meta) {
    try {
      void start(JSON.parse(meta) as BrowserMonitoringConfig).catch(turnOff);
    } catch {
      turnOff();
    }
  }
}
