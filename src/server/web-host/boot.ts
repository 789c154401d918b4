import type { ViewerResponse } from '#shared/api/viewer.ts';
import type { PublicConfig } from '#shared/config.ts';

/** What the server hands the web app inside the HTML (a JSON data block, so the CSP needs no inline script). */
export interface Boot {
  config: PublicConfig;
  /** The viewer of this request (SPEC §3), so the first paint needs no call. */
  viewer: ViewerResponse | null;
  /** The HTTP status of this page when it is an error page (404, 405). */
  status: number;
}

/** Serialises the boot data safely inside a <script type="application/json">. */
export function serializeBoot(boot: Boot): string {
  return JSON.stringify(boot)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
