/**
 * Every React island renders inside this boundary: when the island throws while loading or
 * rendering, the member sees the generic client-side error message (in Indonesian) instead of a
 * blank box, and the error is reported (to the browser console, and to monitoring when it is on).
 */
import { Component, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { reportIslandError } from './island-errors';
import { Alert } from './Alert';

interface State {
  failed: boolean;
}

class IslandBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    reportIslandError(error, info);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    const host = typeof window === 'undefined' ? 'halaman ini' : window.location.host;
    return (
      <Alert kind="error" as="div" data-island-error>
        Kesalahan aplikasi: terjadi pengecualian di sisi klien saat memuat {host} (lihat konsol browser untuk informasi
        lebih lanjut).
      </Alert>
    );
  }
}

/** Wraps an island component so that it always renders inside an IslandBoundary. */
export function withBoundary<P extends object>(Inner: ComponentType<P>): ComponentType<P> {
  function Bounded(props: P) {
    return (
      <IslandBoundary>
        <Inner {...props} />
      </IslandBoundary>
    );
  }
  Bounded.displayName = `withBoundary(${Inner.displayName ?? Inner.name ?? 'Island'})`;
  return Bounded;
}
