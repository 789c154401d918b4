import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { useConfig } from '../config-context.tsx';
import { useMessages } from '../i18n/messages.tsx';
import { reportError } from '../monitoring/error-reporting.ts';
import { ErrorBoundary } from '../ui/error-boundary.tsx';
import { ErrorScreen } from '../ui/error-screen.tsx';
import { usePageTitle } from '../ui/page-title.tsx';

/**
 * SPEC §2 VIP Signup: the lazily loaded guided signup inside an error boundary, titled "VIP Signup",
 * its content rendered only after mount (never on the server); a render failure shows the 500 page
 * and is reported tagged with the brand (SPEC §8).
 */
export function VipSignupBoundary({ children }: { children: ReactNode }) {
  const m = useMessages();
  const { title } = useConfig();
  usePageTitle(m.titles.vipSignup);
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return (
    <ErrorBoundary
      fallback={(error) => <ErrorScreen status={500} error={error} />}
      onError={(error) => reportError(error, { brand: title, screen: 'vip-signup' })}
    >
      {mounted ? <Suspense fallback={null}>{children}</Suspense> : null}
    </ErrorBoundary>
  );
}
