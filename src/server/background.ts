/**
 * Work that must not hold up the answer to a request (mail whose timing would tell something), run in
 * this process after the request's handler returns. A failing task is logged, never thrown. Shutdown
 * waits for the tasks still running (`drainBackground`) before it closes the database.
 */
import { log } from './log';

const running = new Set<Promise<void>>();

export type Background = (name: string, task: () => Promise<unknown>) => void;

/** Starts `task` on the next turn of the event loop, after the caller has answered. */
export const runInBackground: Background = (name, task) => {
  const p = new Promise<void>((resolve) => setImmediate(resolve))
    .then(task)
    .then(
      () => undefined,
      (err: unknown) => log('error', 'background task failed', { task: name, error: String(err) }),
    )
    .finally(() => running.delete(p));
  running.add(p);
};

/** Resolves when every task started so far has ended, or after `timeoutMs`; true when all ended. */
export async function drainBackground(timeoutMs = 10_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (running.size > 0) {
    const left = deadline - Date.now();
    if (left <= 0) return false;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, left)));
    await Promise.race([Promise.all(running), timeout]);
    clearTimeout(timer);
  }
  return true;
}
