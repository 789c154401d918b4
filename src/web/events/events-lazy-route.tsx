import { lazy, Suspense } from 'react';
import { SignedInOnly } from '../routing-guards.tsx';

// The page, its styles and its words are asked for from here: the first load's route table then names
// one small file and no list of chunks to preload (vite.config.ts), as Home's sections do (Home's
// first load is at its budget: docs/decisions/0087-events.md).
const EventsScreen = lazy(() => import('./events-screen.tsx'));

/** /events: the members' events page, signed-in members only (lazy twice over: see above). */
export default function EventsRoute() {
  return (
    <SignedInOnly>
      <Suspense fallback={null}>
        <EventsScreen />
      </Suspense>
    </SignedInOnly>
  );
}
