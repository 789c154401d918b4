import { useCallback, useEffect, useMemo, useState } from 'react';
import { roleIncludes } from '#shared/domain/staff-roles.ts';
import { useLocation, useNavigate } from '../routing/router.tsx';
import { Route, Routes } from '../routing/routes.tsx';
import { useHydrated } from '../ui/lazy-screen.ts';
import { usePageTitle } from '../ui/page-title.tsx';
import { type StaffSignedIn, staffApi } from './api.ts';
import { StaffContext, type StaffState, useStaffWords } from './staff-context.tsx';
import { staffNavigation } from './staff-navigation.tsx';
import { StaffShell } from './staff-shell.tsx';
import { EnrolScreen, SignInScreen } from './staff-signin-screens.tsx';

type Session =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; signedIn: StaffSignedIn };

/**
 * The staff console at /staff: its own lazy chunk, outside the members' layout and session.
 * Enrolment and sign-in need no staff session; every other screen does, and is listed in
 * staff-navigation.tsx with the least role it needs. The server paints the console's frame at once
 * (its own first paint starts the page's script, see start.js); the browser then asks who is signed in.
 */
export default function StaffConsole() {
  const w = useStaffWords();
  const hydrated = useHydrated();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [session, setSession] = useState<Session>({ status: 'loading' });
  usePageTitle(w.consoleTitle);

  const load = useCallback(async () => {
    const answer = await staffApi.me();
    setSession(answer.ok ? { status: 'signed-in', signedIn: answer.data } : { status: 'signed-out' });
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const signedIn = (signedIn: StaffSignedIn) => {
    setSession({ status: 'signed-in', signedIn });
    void navigate('/staff');
  };
  const sessionEnded = useCallback(() => setSession({ status: 'signed-out' }), []);
  const signOut = useCallback(async () => {
    await staffApi.signOut();
    setSession({ status: 'signed-out' });
    await navigate('/staff/signin');
  }, [navigate]);
  const state = useMemo<StaffState | null>(
    () =>
      session.status === 'signed-in'
        ? { me: session.signedIn.staff, currency: session.signedIn.currency, signOut, sessionEnded }
        : null,
    [session, signOut, sessionEnded],
  );

  // The server's paint and the browser's until it has hydrated: the frame, waiting.
  if (!hydrated || (session.status === 'loading' && pathname !== '/staff/enrol')) {
    return (
      <StaffShell>
        <p aria-live="polite">{w.loading}</p>
      </StaffShell>
    );
  }
  if (pathname === '/staff/enrol') {
    return (
      <StaffShell>
        <EnrolScreen onSignedIn={signedIn} />
      </StaffShell>
    );
  }
  if (!state) {
    return (
      <StaffShell>
        <SignInScreen onSignedIn={signedIn} />
      </StaffShell>
    );
  }
  const allowed = staffNavigation.filter((entry) => roleIncludes(state.me.role, entry.role));
  return (
    <StaffContext.Provider value={state}>
      <StaffShell entries={allowed}>
        <Routes>
          {allowed.flatMap((entry) =>
            entry.routes.map(([path, element]) => <Route key={path} path={path} element={element} />),
          )}
          <Route path="*" element={<p>{w.pageNotFound}</p>} />
        </Routes>
      </StaffShell>
    </StaffContext.Provider>
  );
}
