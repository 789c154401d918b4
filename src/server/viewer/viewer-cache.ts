import type { ViewerResponse } from '#shared/api/viewer.ts';
import type { AccountDerived, BurnRate } from '../members/account-view.ts';

/** A viewer answer in both forms: the page inlines `body`, the viewer route sends `json`. */
export interface ViewerAnswer {
  body: ViewerResponse;
  json: string;
}

/**
 * The answer made from a session's entry and one version of the account row (its `xmin`, which
 * every update of the row changes), used until `until` (ms since the epoch), when what it shows by
 * time alone may change.
 */
export interface CachedAnswer extends ViewerAnswer {
  rowVersion: string;
  until: number;
}

/**
 * What one session's viewer read from other tables than the account row, with what makes it still
 * true: the account it belongs to, the account's viewer_version when it was read (bumped by the
 * triggers of migration 0037 in every write to those tables), and the first moment a pending
 * purchase matures (database time, as text; 'infinity' when none is pending), when pending points
 * turn into matured ones without any write.
 */
export interface CachedDerived {
  accountId: string;
  version: number;
  nextMaturity: string;
  derived: AccountDerived;
  answer?: CachedAnswer;
}

/** The burn rate as read at a burn_rate_revision (null: no rate configured). */
export interface CachedBurnRate {
  revision: number;
  rate: BurnRate | null;
}

/**
 * The viewer's per-server cache. Nothing here is ever served without the check of the
 * viewer's query, which resolves the session and reads the account row and both versions in the same
 * round trip: an entry only saves the reads it stands for. So it needs no expiry to be right; its
 * size is bounded (the oldest entries leave first), and a session that stops matching is dropped.
 */
export function viewerCache(maxSessions = 10_000) {
  const sessions = new Map<string, CachedDerived>();
  let burnRate: CachedBurnRate | null = null;

  return {
    session: (tokenHash: string): CachedDerived | undefined => sessions.get(tokenHash),

    remember(tokenHash: string, entry: CachedDerived): void {
      sessions.delete(tokenHash);
      sessions.set(tokenHash, entry);
      if (sessions.size > maxSessions) {
        const oldest = sessions.keys().next().value;
        if (oldest !== undefined) sessions.delete(oldest);
      }
    },

    forget: (tokenHash: string): void => void sessions.delete(tokenHash),

    burnRate: (): CachedBurnRate | null => burnRate,

    rememberBurnRate(entry: CachedBurnRate): void {
      burnRate = entry;
    },
  };
}

export type ViewerCache = ReturnType<typeof viewerCache>;
