import { renderToString } from 'react-dom/server';
import { recordFormats } from '#shared/domain/primed-formats.ts';
import { App } from './app.tsx';
import type { Boot } from './boot.ts';
import { daDK } from './i18n/da-DK.ts';
import { daDKHome } from './i18n/da-DK-home.ts';
import { daDKScreens } from './i18n/da-DK-screens.ts';
import { enGB } from './i18n/en-GB.ts';
import { enGBHome } from './i18n/en-GB-home.ts';
import { enGBScreens } from './i18n/en-GB-screens.ts';
import { homeMessagesModules, registerMessages, screenMessagesModules } from './i18n/messages.tsx';
import { RedirectSinkContext } from './redirect.tsx';
import { StaticRouter } from './routing/router.tsx';
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
  const { result: html, formats } = recordFormats(() =>
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
