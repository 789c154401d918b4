import {
  createContext,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import type { Account, GooglePay } from '#shared/api/common.ts';
import type { ViewerResponse } from '#shared/api/viewer.ts';
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
   * Tells the server, then clears the account locally (SPEC §4). `andThen` (the navigation that
   * follows) changes the screen in the same step, so the page left is never shown signed out.
   */
  logout(andThen?: () => void): Promise<void>;
}

const SessionContext = createContext<SessionApi | null>(null);

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
      // The screen says "signed out" only once the server has ended the session: showing the
      // landing first let a reload (or a closed tab) in that moment keep the member signed in.
      // One transition with the navigation that follows: the page being left stays as it was until
      // the next screen is ready. Set alone, the state re-rendered that page signed out while the
      // landing's script loaded: a help page showed its own "Sign in" link, back to itself, under
      // the landing's address.
      logout: async (andThen) => {
        try {
          await sessionApi.logout();
        } finally {
          startTransition(() => {
            setState({ status: 'anonymous' });
            andThen?.();
          });
        }
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
