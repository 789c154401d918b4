import type { PublicConfig } from '../config.ts';
import type { SignInMethod } from '../domain/sign-in-method.ts';
import type { PointsExpiryResponse, Transaction } from './points.ts';
import type { MemberGuide, MemberGuideSummary } from './style-guides.ts';
import type { ViewerResponse } from './viewer.ts';

/**
 * What the server hands the web app inside the HTML (a JSON data block, so the CSP needs no inline
 * script): written by src/server/web-host, read by src/web/boot.ts.
 */
export interface Boot {
  config: PublicConfig;
  /** The viewer of this request (SPEC §3), so the first paint needs no call. */
  viewer: ViewerResponse | null;
  /** The HTTP status of this page when it is an error page (404, 405). */
  status: number;
  /** How the member last signed in on this browser, for the server-rendered /signin. */
  signInMethod?: SignInMethod | null;
  /** What the signed-in Home shows beyond the viewer, as the server rendered it (Home only). */
  home?: HomeData;
  /** A style guides page as the server rendered it (/style-guides and /style-guides/:id only). */
  styleGuides?: StyleGuidesPage;
  /**
   * The lazy screens the server rendered whole into this page (build-manifest module names): the
   * browser loads them before hydrating (src/web/ui/lazy-screen.ts).
   */
  screens?: string[];
  /**
   * The strings the server formatted for this page (points, money, dates), by call: hydration reads
   * them instead of starting the browser's Intl formatters (src/shared/domain/primed-formats.ts).
   */
  formats?: Record<string, string>;
}

/**
 * The signed-in Home's data as the server rendered it: the recent activity (GET /api/transactions'
 * first rows) and the next expiry (GET /api/points-expiry), so hydration renders the same without
 * asking again.
 */
export interface HomeData {
  recentActivity: Transaction[];
  nextExpiry: PointsExpiryResponse['next'];
}

/** The style guides page the server rendered: the list, one guide, or a guide members cannot read. */
export type StyleGuidesPage =
  | { kind: 'list'; guides: MemberGuideSummary[] }
  | { kind: 'guide'; guide: MemberGuide }
  | { kind: 'missing'; id: string };
