import type { ReactNode } from 'react';
import type { ViewerResponse } from '#shared/api/viewer.ts';
import { defaultConfig, type Locale, type PublicConfig, toPublicConfig } from '#shared/config.ts';
import { ConfigContext } from '#web/config-context.tsx';
import { MessagesProvider } from '#web/i18n/messages.tsx';
import { MemoryRouter } from '#web/routing/router.tsx';
import { SessionProvider } from '#web/session/session-context.tsx';

/** The viewer of a signed-out browser. */
export const anonymousViewer: ViewerResponse = {
  isAnonymous: true,
  account: null,
  googlePay: null,
  sentry: null,
  homeRedirect: null,
};

/**
 * What a screen needs around it in a component test: the public configuration (the defaults, with
 * `config` on top), the catalogue of `locale`, a session from `viewer` and a router at `path`.
 */
export function ScreenProviders({
  children,
  path = '/',
  locale = 'en-GB',
  config = {},
  viewer = anonymousViewer,
}: {
  children: ReactNode;
  path?: string;
  locale?: Locale;
  config?: Partial<PublicConfig>;
  viewer?: ViewerResponse;
}) {
  return (
    <ConfigContext.Provider value={{ ...toPublicConfig(defaultConfig), ...config }}>
      <MessagesProvider locale={locale}>
        <SessionProvider initialViewer={viewer}>
          <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
        </SessionProvider>
      </MessagesProvider>
    </ConfigContext.Provider>
  );
}
