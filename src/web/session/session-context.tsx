import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { Account, GooglePay } from '#shared/api/common.ts';
import type { ViewerResponse } from '#shared/api/viewer.ts';
import { signOutCookieName, signOutCookieSeconds } from '#shared/domain/sign-out.ts';
import { sessionApi } from './api.ts';

/**
 * SPEC §4 Session: unknown/loading at start, then authenticated or anonymous after the viewer call.
 * `failed` is the account load's failed state (SPEC §4 Account load).
 */
export type SessionState =
  | { status: 'loading' }
  | { status: 'anonymous' }
  | { status: 'failed' }
  | {
      status: 'authenticated';
      account: Account;
      googlePay: GooglePay | null;
      homeRedirect: string | null;
      /** The card in a wallet (viewer walletPresence); unknown until the viewer is loaded. */
      walletPresence?: ViewerResponse['walletPresence'];
    };

export interface SessionApi {
  state: SessionState;
  sentry: ViewerResponse['sentry'];
  /** For every call that returns an account (login, signup, reset, magic link…): sets the signed-in state. */
  signedIn(account: Account, googlePay?: GooglePay | null): void;
  /** An account update: one whose canSignIn is false drops the session (SPEC §4). */
  accountUpdated(account: Account): void;
  /** Reloads the viewer (after an exchange, a verification…). */
  refresh(): Promise<void>;
  /**
   * Clears the account locally, then tells the server (SPEC §4). `andThen` (the navigation that
   * follows, urgent) changes the screen in the same step, so the page left is never shown signed out.
   */
  logout(andThen?: () => void): void;
}

const SessionContext = createContext<SessionApi | null>(null);

function markSignedOut() {
  const secure = window.location.protocol === 'https:';
  // biome-ignore lint/suspicious/noDocumentCookie: synchronous, before the next request; the Cookie Store API is neither, nor in every browser
  document.cookie = `${signOutCookieName(secure)}=1;path=/;max-age=${signOutCookieSeconds};samesite=lax${secure ? ';secure' : ''}`;
}

function stateFromViewer(viewer: ViewerResponse | null): SessionState {
  if (!viewer) return { status: 'failed' };
  if (viewer.isAnonymous || !viewer.account) return { status: 'anonymous' };
  return {
    status: 'authenticated',
    account: viewer.account,
    googlePay: viewer.googlePay,
    homeRedirect: viewer.homeRedirect,
    walletPresence: viewer.walletPresence ?? null,
  };
}

export function SessionProvider({
  initialViewer,
  children,
}: {
  initialViewer: ViewerResponse | null;
  children: ReactNode;
}) {
  const [state, setState] = useState<SessionState>(() =>
    initialViewer ? stateFromViewer(initialViewer) : { status: 'loading' },
  );
  const [sentry, setSentry] = useState<ViewerResponse['sentry']>(initialViewer?.sentry ?? null);

  const refresh = useCallback(async () => {
    const result = await sessionApi.viewer();
    const viewer = result.ok ? result.data : null;
    setState(stateFromViewer(viewer));
    if (viewer) setSentry(viewer.sentry);
  }, []);

  useEffect(() => {
    if (!initialViewer) void refresh();
  }, [initialViewer, refresh]);

  const api = useMemo<SessionApi>(
    () => ({
      state,
      sentry,
      refresh,
      signedIn: (account, googlePay = null) =>
        setState({ status: 'authenticated', account, googlePay, homeRedirect: null }),
      accountUpdated: (account) =>
        setState((current) =>
          !account.accessRules.canSignIn
            ? { status: 'anonymous' }
            : current.status === 'authenticated'
              ? { ...current, account }
              : { status: 'authenticated', account, googlePay: null, homeRedirect: null },
        ),
      // The account leaves the screen at once, with the navigation that follows in the same
      // update (a help page is never re-rendered signed out under the landing's address). The
      // server is told by a call that outlives the page, and the browser's sign-out cookie, set
      // first, makes any later request end the session too: a reload while the call is on its way,
      // or the next visit after a call that failed (shared/domain/sign-out.ts).
      logout: (andThen) => {
        markSignedOut();
        void sessionApi.logout();
        setState({ status: 'anonymous' });
        andThen?.();
      },
    }),
    [state, sentry, refresh],
  );
  return <SessionContext.Provider value={api}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionApi {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}

/** Whether a member is signed in; false outside a SessionProvider (an error screen may render there). */
export function useIsSignedIn(): boolean {
  return useContext(SessionContext)?.state.status === 'authenticated';
}

/** The signed-in member's account, or null (signed out, loading, or outside a SessionProvider). */
export function useAccountIfSignedIn(): Account | null {
  const state = useContext(SessionContext)?.state;
  return state?.status === 'authenticated' ? state.account : null;
}

/** The signed-in member's account; only for screens rendered behind a signed-in guard. */
export function useAccount(): Account {
  const { state } = useSession();
  if (state.status !== 'authenticated') throw new Error('useAccount on a signed-out screen');
  return state.account;
}
