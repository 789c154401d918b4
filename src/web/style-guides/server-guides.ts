import type { StyleGuidesPage } from '#shared/api/boot.ts';
import { readBoot } from '../boot.ts';

/** The page data of the server render in progress (renderToString is synchronous: one at a time). */
let rendering: StyleGuidesPage | undefined;
let takenInBrowser = false;

/** entry-server.tsx: renders with this style guides page's data (undefined: not a guides page). */
export function withServerGuides<T>(page: StyleGuidesPage | undefined, render: () => T): T {
  rendering = page;
  try {
    return render();
  } finally {
    rendering = undefined;
  }
}

/**
 * The style guides page the server rendered, for the screen's first render: on the server the page
 * being rendered, in the browser what the page's boot data carried, once (the screen that hydrates
 * takes it; a later visit asks the API, since a guide may have been published since).
 */
export function takeServerGuides(): StyleGuidesPage | undefined {
  if (import.meta.env.SSR) return rendering;
  if (takenInBrowser) return undefined;
  takenInBrowser = true;
  return readBoot().styleGuides;
}
