import { useEffect } from 'react';
import { useLocation } from '../routing/router.tsx';

/**
 * SPEC §2: scroll resets to the top on every path change, Back and Forward included. The browser's
 * own restoration would put Back and Forward at the old position after this reset, so it is off.
 */
export function ScrollReset() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.history.scrollRestoration = 'manual';
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change by design
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
