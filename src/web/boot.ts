import type { ViewerResponse } from '#shared/api/viewer.ts';
import type { PublicConfig } from '#shared/config.ts';
import type { SignInMethod } from '#shared/domain/sign-in-method.ts';

/** What the server put in the page (see src/server/web-host/boot.ts). */
export interface Boot {
  config: PublicConfig;
  viewer: ViewerResponse | null;
  status: number;
  /** How the member last signed in on this browser (server/web-host/boot.ts). */
  signInMethod?: SignInMethod | null;
}

export function readBoot(): Boot {
  const text = document.getElementById('boot')?.textContent;
  if (!text) throw new Error('The page has no boot data: it must be served by the loyalty server.');
  return JSON.parse(text) as Boot;
}
