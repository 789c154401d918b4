import { type ReactNode, Suspense, useEffect, useState } from 'react';
import type { Boot } from './boot.ts';
import { ChatWidget } from './chat/chat-widget.tsx';
import { ConfigContext } from './config-context.tsx';
import { ServerHomeContext } from './home/server-home.ts';
import { MessagesProvider } from './i18n/messages.tsx';
import { reportError } from './monitoring/error-reporting.ts';
import { ErrorReportingStarter } from './monitoring/error-reporting-starter.tsx';
import { AppRoutes } from './routes.tsx';
import { useLocation } from './routing/router.tsx';
import { SessionProvider } from './session/session-context.tsx';
import { SignInMethodContext } from './signin/last-sign-in-method.ts';
import { replayEarlyTaps } from './ui/early-taps.ts';
import { ErrorBoundary } from './ui/error-boundary.tsx';
import { ErrorScreen } from './ui/error-screen.tsx';
import { Layout } from './ui/layout.tsx';
import { lazyScreen } from './ui/lazy-screen.ts';
import { ScrollReset } from './ui/scroll-reset.tsx';

// Server-rendered as its frame alone (staff-console.tsx): a direct load paints at once.
const StaffConsole = lazyScreen(() => import('./staff/staff-console.tsx'), {
  serverRendered: 'src/web/staff/staff-console.tsx',
  words: 'core',
});

/** The whole app below the router: configuration, messages, session, layout, routes. */
export function App({ boot }: { boot: Boot }) {
  const { pathname } = useLocation();
  // The staff console (/staff) is its own lazy chunk with its own layout and session.
  const staff = pathname === '/staff' || pathname.startsWith('/staff/');
  // The page is hydrated (or rendered) once this first runs: `data-hydrated` on <html> tells the
  // browser journeys, which wait for it after a page load before they type or click.
  useEffect(() => {
    document.documentElement.setAttribute('data-hydrated', '');
    replayEarlyTaps();
  }, []);
  return (
    <ConfigContext.Provider value={boot.config}>
      <MessagesProvider locale={boot.config.locale}>
        {staff ? (
          <Suspense fallback={null}>
            <StaffConsole />
          </Suspense>
        ) : (
          <MembersApp boot={boot} />
        )}
      </MessagesProvider>
    </ConfigContext.Provider>
  );
}

/** The members' app: their session, layout and routes. */
function MembersApp({ boot }: { boot: Boot }) {
  const [serverHome] = useState(() => ({ data: boot.home }));
  return (
    <SessionProvider initialViewer={boot.viewer}>
      <ScrollReset />
      <ErrorReportingStarter />
      <ChatWidget />
      <Layout>
        <RoutesBoundary brand={boot.config.title}>
          <SignInMethodContext.Provider value={boot.signInMethod ?? null}>
            <ServerHomeContext.Provider value={serverHome}>
              <AppRoutes status={boot.status} />
            </ServerHomeContext.Provider>
          </SignInMethodContext.Provider>
        </RoutesBoundary>
      </Layout>
    </SessionProvider>
  );
}

/** A render failure shows the error screen and is reported; going to another path tries again. */
function RoutesBoundary({ brand, children }: { brand: string; children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary
      resetKey={pathname}
      fallback={(error) => <ErrorScreen status={500} error={error} />}
      onError={(error) => reportError(error, { brand })}
    >
      {children}
    </ErrorBoundary>
  );
}
