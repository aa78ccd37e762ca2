import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $hideAmounts } from '../../stores/privacy';

/**
 * The "hide amounts" choice for rendering. False until the island has hydrated, so the first client
 * render matches the server's; the stylesheet masks `.amount` until then.
 */
export function useHideAmounts(): boolean {
  const hide = useStore($hideAmounts);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated && hide;
}
