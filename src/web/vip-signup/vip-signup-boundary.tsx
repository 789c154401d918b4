import type { ReactNode } from 'react';
import { ErrorBoundary } from '../ui/error-boundary.tsx';
import { ErrorScreen } from '../ui/error-screen.tsx';

/** SPEC §2 VIP Signup: wrapped in an error boundary; a render failure shows the 500 page. */
export function VipSignupBoundary({ children }: { children: ReactNode }) {
  return <ErrorBoundary fallback={() => <ErrorScreen status={500} />}>{children}</ErrorBoundary>;
}
