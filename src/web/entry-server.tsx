import { renderToString } from 'react-dom/server';
import type { Account } from '#shared/api/common.ts';
import type { PublicConfig } from '#shared/config.ts';
import { recordFormats } from '#shared/domain/primed-formats.ts';
import { App } from './app.tsx';
import type { Boot } from './boot.ts';
import { ConfigContext } from './config-context.tsx';
import { daDK } from './i18n/da-DK.ts';
import { daDKHome } from './i18n/da-DK-home.ts';
import { daDKScreens } from './i18n/da-DK-screens.ts';
import { enGB } from './i18n/en-GB.ts';
import { enGBHome } from './i18n/en-GB-home.ts';
import { enGBScreens } from './i18n/en-GB-screens.ts';
import {
  homeMessagesModules,
  MessagesProvider,
  messagesOf,
  registerMessages,
  screenMessagesModules,
} from './i18n/messages.tsx';
import { OfflinePage } from './offline/offline-page.tsx';
import { RedirectSinkContext } from './redirect.tsx';
import { StaticRouter } from './routing/router.tsx';
import { withServerGuides } from './style-guides/server-guides.ts';
import { ScreenModulesSinkContext, serverScreensLoaded, wordsOfScreens } from './ui/lazy-screen.ts';
import { TitleSinkContext } from './ui/page-title.tsx';

registerMessages('en-GB', enGB, { ...enGBHome, ...enGBScreens });
registerMessages('da-DK', daDK, { ...daDKHome, ...daDKScreens });

/** The host serves no page before this resolves: the server-rendered screens' modules have loaded. */
export const ready: Promise<void> = serverScreensLoaded();

/**
 * Server rendering of the first paint (Landing, Sign in and the signed-in Home whole, the layout
 * around members' other lazy screens); see web-host.ts. A page that sends the visitor elsewhere
 * answers `redirect` instead. `screens` names the lazy screens rendered whole, which the browser
 * loads before hydrating; `modules` everything they need, for the host to preload.
 */
export function render(
  url: string,
  boot: Boot,
): {
  html: string;
  title: string;
  redirect: string | null;
  screens: string[];
  modules: string[];
  formats: Record<string, string>;
} {
  const sink = { title: boot.config.title };
  const redirect = { to: null as string | null };
  const screens = new Set<string>();
  const { result: html, formats } = withServerGuides(boot.styleGuides, () =>
    recordFormats(() =>
      renderToString(
        <TitleSinkContext.Provider value={sink}>
          <RedirectSinkContext.Provider value={redirect}>
            <ScreenModulesSinkContext.Provider value={screens}>
              <StaticRouter location={url}>
                <App boot={boot} />
              </StaticRouter>
            </ScreenModulesSinkContext.Provider>
          </RedirectSinkContext.Provider>
        </TitleSinkContext.Provider>,
      ),
    ),
  );
  const rendered = [...screens];
  // A lazy screen's words are their own chunk, loaded with the screen (lazyScreen): all the screens'
  // words, Home's alone, or none.
  const locale = boot.config.locale;
  const wordsModules = {
    core: [],
    home: [homeMessagesModules[locale]],
    screens: [homeMessagesModules[locale], screenMessagesModules[locale]],
  };
  const words = wordsModules[wordsOfScreens(rendered)];
  const modules = rendered.length ? [...rendered, ...words] : [];
  return { html, title: sink.title, redirect: redirect.to, screens: rendered, modules, formats };
}

/**
 * The page the service worker keeps for the network's absence (offline-page.tsx): the member's card
 * and last known points, or, for no account, only that the site needs the network. Its CSS is the
 * card's (web-host.ts inlines it), and it has no script.
 */
export function renderOfflinePage(
  config: PublicConfig,
  account: Account | null,
  updatedAt: Date,
): { html: string; title: string } {
  const html = renderToString(
    <ConfigContext.Provider value={config}>
      <MessagesProvider locale={config.locale}>
        <OfflinePage account={account} updatedAt={updatedAt} />
      </MessagesProvider>
    </ConfigContext.Provider>,
  );
  const words = messagesOf(config.locale).offline;
  return { html, title: `${account ? words.title : words.visitorHeading} - ${config.title}` };
}
