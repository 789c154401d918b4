import { useCallback, useEffect, useState } from 'react';
import { roleIncludes } from '#shared/domain/staff-roles.ts';
import { useLocation, useNavigate } from '../routing/router.tsx';
import { Route, Routes } from '../routing/routes.tsx';
import { usePageTitle } from '../ui/page-title.tsx';
import { type StaffMe, staffApi } from './api.ts';
import styles from './staff.module.css';
import { StaffContext, useStaffWords } from './staff-context.tsx';
import { staffNavigation } from './staff-navigation.tsx';
import { StaffShell } from './staff-shell.tsx';
import { EnrolScreen, SignInScreen } from './staff-signin-screens.tsx';

type Session = { status: 'loading' } | { status: 'signed-out' } | { status: 'signed-in'; me: StaffMe };

/**
 * The staff console at /staff: its own lazy chunk, outside the members' layout and
 * session. Enrolment and sign-in need no staff session; every other screen does, and is listed in
 * staff-navigation.tsx with the least role it needs.
 */
export default function StaffConsole() {
  const w = useStaffWords();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [session, setSession] = useState<Session>({ status: 'loading' });
  usePageTitle(w.consoleTitle);

  const load = useCallback(async () => {
    const answer = await staffApi.me();
    setSession(answer.ok ? { status: 'signed-in', me: answer.data.staff } : { status: 'signed-out' });
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const signedIn = (me: StaffMe) => {
    setSession({ status: 'signed-in', me });
    void navigate('/staff');
  };
  const sessionEnded = useCallback(() => setSession({ status: 'signed-out' }), []);
  const signOut = useCallback(async () => {
    await staffApi.signOut();
    setSession({ status: 'signed-out' });
    await navigate('/staff/signin');
  }, [navigate]);

  if (pathname === '/staff/enrol') return <EnrolScreen onSignedIn={signedIn} />;
  if (session.status === 'loading') {
    return (
      <p className={styles.narrow} aria-live="polite">
        {w.loading}
      </p>
    );
  }
  if (session.status === 'signed-out') return <SignInScreen onSignedIn={signedIn} />;
  const allowed = staffNavigation.filter((entry) => roleIncludes(session.me.role, entry.role));
  return (
    <StaffContext.Provider value={{ me: session.me, signOut, sessionEnded }}>
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
