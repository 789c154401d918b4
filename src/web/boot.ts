import type { Boot } from '#shared/api/boot.ts';

export type { Boot };

/** What the server put in the page (see src/server/web-host/boot.ts). */
export function readBoot(): Boot {
  const text = document.getElementById('boot')?.textContent;
  if (!text) throw new Error('The page has no boot data: it must be served by the loyalty server.');
  return JSON.parse(text) as Boot;
}
