import { type ReactNode, useState } from 'react';
import { afterSignInPath } from '#shared/domain/after-sign-in.ts';
import { Redirect } from './redirect.tsx';
import { useLocation, useSearchParams } from './routing/router.tsx';
import { useSession } from './session/session-context.tsx';
import { NotFoundScreen } from './ui/error-screen.tsx';

/**
 * Signed-in members are sent to / (SPEC §6: signup, reset-password, complete-signup, magic-login), or
 * to the page Sign in's `next` names: a magic link signs in on this screen, and this redirect must
 * agree with the screen's own, or whichever runs last wins. With `keepAfterSignIn`, only a member
 * signed in when the screen opens is sent away: guided signup completion signs the member in at once
 * (SPEC §4) and still shows its onboarding steps.
 */
export function SignedOutOnly({
  children,
  keepAfterSignIn = false,
}: {
  children: ReactNode;
  keepAfterSignIn?: boolean;
}) {
  const { state } = useSession();
  const [params] = useSearchParams();
  const [shown, setShown] = useState(false);
  if (state.status === 'loading') return null;
  if (state.status === 'authenticated' && !(keepAfterSignIn && shown)) {
    return <Redirect to={afterSignInPath(params.get('next'))} />;
  }
  // Remembered during render (React's pattern for information from earlier renders).
  if (!shown) setShown(true);
  return <>{children}</>;
}

/** Screens only for members; visitors go to / (where the landing screen offers sign-in). */
export function SignedInOnly({ children }: { children: ReactNode }) {
  const { state } = useSession();
  if (state.status === 'loading') return null;
  if (state.status !== 'authenticated') return <Redirect to="/" />;
  return <>{children}</>;
}

/** App-shell paths of an installed app, with or without a build suffix: /shell-home-4f2a, /shell-generic/4f2a. */
const shellPath = /^\/shell-(home|generic)([-/][\w.-]*)?$/;

/**
 * SPEC §2: unknown paths show not-found when signed in, and redirect to / when not; shell-home and
 * shell-generic paths go to / either way.
 */
export function UnknownPath() {
  const { state } = useSession();
  const { pathname } = useLocation();
  if (shellPath.test(pathname)) return <Redirect to="/" />;
  if (state.status === 'loading') return null;
  if (state.status === 'authenticated') return <NotFoundScreen />;
  return <Redirect to="/" />;
}

/** A route that exists only while its switch is on; otherwise it behaves as an unknown path. */
export function WhenEnabled({ enabled, children }: { enabled: boolean; children: ReactNode }): ReactNode {
  return enabled ? children : <UnknownPath />;
}
