import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { App } from './app.tsx';
import type { Boot } from './boot.ts';
import { daDK } from './i18n/da-DK.ts';
import { daDKScreens } from './i18n/da-DK-screens.ts';
import { enGB } from './i18n/en-GB.ts';
import { enGBScreens } from './i18n/en-GB-screens.ts';
import { registerMessages } from './i18n/messages.tsx';
import { TitleSinkContext } from './ui/page-title.tsx';

registerMessages('en-GB', enGB, enGBScreens);
registerMessages('da-DK', daDK, daDKScreens);

/** Server rendering of the first paint for anonymous visitors (Landing, Sign in); see web-host.ts. */
export function render(url: string, boot: Boot): { html: string; title: string } {
  const sink = { title: boot.config.title };
  const html = renderToString(
    <TitleSinkContext.Provider value={sink}>
      <StaticRouter location={url}>
        <App boot={boot} />
      </StaticRouter>
    </TitleSinkContext.Provider>,
  );
  return { html, title: sink.title };
}
