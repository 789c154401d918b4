import { type ReactNode, useContext } from 'react';
import { useConfig } from '../config-context.tsx';
import { NavLink } from '../routing/links.tsx';
import styles from './staff.module.css';
import { StaffContext, useStaffWords } from './staff-context.tsx';
import type { StaffNavEntry } from './staff-navigation.tsx';

/**
 * The console's frame on every page, signed in or not (and in the server's first paint): the brand
 * and the console's name; signed in, who it is with Sign out, and below them the sections the role
 * may see, on one row (at a desk they fit; on a phone the row scrolls sideways).
 */
export function StaffShell({
  entries = [],
  children,
}: {
  entries?: readonly StaffNavEntry[];
  children: ReactNode;
}) {
  const w = useStaffWords();
  const { title } = useConfig();
  const signedIn = useContext(StaffContext);
  return (
    <div className={styles.shell}>
      <a className="visually-hidden" href="#staff-main">
        {w.skipToContent}
      </a>
      <header className={styles.header}>
        <div className={styles.bar}>
          <NavLink to="/staff" className={styles.title}>
            <span className={styles.brand}>{title}</span>
            <span className={styles.consoleName}>{w.consoleTitle}</span>
          </NavLink>
          {signedIn ? (
            <div className={styles.who}>
              <span>{w.signedInAs(signedIn.me.fullName, w.roles[signedIn.me.role] ?? signedIn.me.role)}</span>
              <button type="button" className={styles.signOut} onClick={() => void signedIn.signOut()}>
                {w.signOut}
              </button>
            </div>
          ) : null}
        </div>
        {signedIn && entries.length > 0 ? (
          <nav className={styles.nav} aria-label={w.navigation}>
            <ul className={styles.navList}>
              {entries.map((entry) => (
                <li key={entry.path}>
                  <NavLink to={entry.path} end={entry.end ?? false} className={styles.navLink}>
                    {entry.label(w)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </header>
      <main id="staff-main" className={styles.main}>
        {children}
      </main>
    </div>
  );
}
