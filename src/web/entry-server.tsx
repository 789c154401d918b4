import { renderToString } from 'react-dom/server';
import { App } from './app.tsx';
import type { Boot } from './boot.ts';
import { daDK } from './i18n/da-DK.ts';
import { daDKScreens } from './i18n/da-DK-screens.ts';
import { enGB } from './i18n/en-GB.ts';
import { enGBScreens } from './i18n/en-GB-screens.ts';
import { registerMessages } from './i18n/messages.tsx';
import { RedirectSinkContext } from './redirect.tsx';
import { StaticRouter } from './routing/router.tsx';
import { TitleSinkContext } from './ui/page-title.tsx';

registerMessages('en-GB', enGB, enGBScreens);
registerMessages('da-DK', daDK, daDKScreens);

/**
 * Server rendering of the first paint (Landing and Sign in whole, the layout around members' lazy
 * screens); see web-host.ts. A page that sends the visitor elsewhere answers `redirect` instead.
 */
export function render(url: string, boot: Boot): { html: string; title: string; redirect: string | null } {
  const sink = { title: boot.config.title };
  const redirect = { to: null as string | null };
  const html = renderToString(
    <TitleSinkContext.Provider value={sink}>
      <RedirectSinkContext.Provider value={redirect}>
        <StaticRouter location={url}>
          <App boot={boot} />
        </StaticRouter>
      </RedirectSinkContext.Provider>
    </TitleSinkContext.Provider>,
  );
  return { html, title: sink.title, redirect: redirect.to };
}
