/**
 * Where island errors go. React-free on purpose: the monitoring loader on every page imports it, and
 * pre-rendered pages must not load React.
 */
export interface IslandErrorInfo {
  componentStack?: string | null;
}

export type IslandErrorReporter = (error: unknown, info?: IslandErrorInfo) => void;

const consoleReporter: IslandErrorReporter = (error) => console.error(error);
let reporter: IslandErrorReporter = consoleReporter;

/** Lets monitoring replace the default console reporter. */
export function setIslandErrorReporter(next: IslandErrorReporter): void {
  reporter = next;
}

/** Reports an error caught by an island's boundary. */
export function reportIslandError(error: unknown, info?: IslandErrorInfo): void {
  reporter(error, info);
}
