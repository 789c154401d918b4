import { useEffect } from 'react';
import { usePathChanges } from '../routing/router.tsx';

/**
 * SPEC §2: scroll resets to the top on every path change, Back and Forward included. The browser's
 * own restoration would put Back and Forward at the old position after this reset, so it is off.
 */
export function ScrollReset() {
  // Counted, not compared: a Back pressed while a link's screen was still loading returns to the path
  // on screen, and the page must still open at the top.
  const pathChanges = usePathChanges();
  useEffect(() => {
    window.history.scrollRestoration = 'manual';
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change by design
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathChanges]);
  return null;
}
