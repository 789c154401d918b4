import type { Boot } from './boot.ts';
import { ConfigContext } from './config-context.tsx';
import { MessagesProvider } from './i18n/messages.tsx';
import { AppRoutes } from './routes.tsx';
import { SessionProvider } from './session/session-context.tsx';
import { ErrorBoundary } from './ui/error-boundary.tsx';
import { ErrorScreen } from './ui/error-screen.tsx';
import { Layout } from './ui/layout.tsx';
import { ScrollReset } from './ui/scroll-reset.tsx';

/** The whole app below the router: configuration, messages, session, layout, routes. */
export function App({ boot }: { boot: Boot }) {
  return (
    <ConfigContext.Provider value={boot.config}>
      <MessagesProvider locale={boot.config.locale}>
        <SessionProvider initialViewer={boot.viewer}>
          <ScrollReset />
          <Layout>
            <ErrorBoundary fallback={() => <ErrorScreen status={500} />}>
              <AppRoutes status={boot.status} />
            </ErrorBoundary>
          </Layout>
        </SessionProvider>
      </MessagesProvider>
    </ConfigContext.Provider>
  );
}
