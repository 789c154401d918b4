import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** SPEC §2: scroll resets to the top on every path change. */
export function ScrollReset() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change by design
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
