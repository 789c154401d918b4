import { lazy, Suspense } from 'react';

// The page asks for its own chunks from here: the first load's route table names one small file and
// no list of chunks to preload (vite.config.ts, docs/decisions/0087-events.md).
const UnsubscribeScreen = lazy(() => import('./unsubscribe-screen.tsx'));

/** /unsubscribe/:token (lazy twice over: see above). */
export default function UnsubscribeRoute() {
  return (
    <Suspense fallback={null}>
      <UnsubscribeScreen />
    </Suspense>
  );
}
