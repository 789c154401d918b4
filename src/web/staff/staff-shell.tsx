import type { ReactNode } from 'react';
import { NavLink } from '../routing/links.tsx';
import styles from './staff.module.css';
import { useStaff, useStaffWords } from './staff-context.tsx';
import type { StaffNavEntry } from './staff-navigation.tsx';

/** The console's frame: its title, the sections the role may see, who is signed in, and the content. */
export function StaffShell({
  entries,
  children,
}: {
  entries: readonly StaffNavEntry[];
  children: ReactNode;
}) {
  const w = useStaffWords();
  const { me, signOut } = useStaff();
  return (
    <div className={styles.shell}>
      <a className="visually-hidden" href="#staff-main">
        {w.skipToContent}
      </a>
      <header className={styles.header}>
        <div className={styles.bar}>
          <NavLink to="/staff" className={styles.title}>
            {w.consoleTitle}
          </NavLink>
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
          <div className={styles.who}>
            <span>{w.signedInAs(me.fullName, w.roles[me.role] ?? me.role)}</span>
            <button type="button" className={styles.signOut} onClick={() => void signOut()}>
              {w.signOut}
            </button>
          </div>
        </div>
      </header>
      <main id="staff-main" className={styles.main}>
        {children}
      </main>
    </div>
  );
}
