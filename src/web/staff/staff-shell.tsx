import { type ReactNode, useContext } from 'react';
import { useConfig } from '../config-context.tsx';
import { NavLink } from '../routing/links.tsx';
import styles from './staff.module.css';
import { StaffContext, useStaffWords } from './staff-context.tsx';
import { type StaffNavEntry, staffNavGroups } from './staff-navigation.tsx';

/**
 * The console's frame on every page, signed in or not (and in the server's first paint): the brand
 * and the console's name; signed in, who it is with Sign out, and the sections the role may see in
 * their two groups: at a desk a column beside the page, every section in sight; on a tablet or a
 * phone one row under the brand that scrolls sideways.
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
      </header>
      <div className={styles.body}>
        {signedIn && entries.length > 0 ? (
          <nav className={styles.nav} aria-label={w.navigation}>
            {staffNavGroups.map((group) => {
              const inGroup = entries.filter((entry) => entry.group === group);
              if (inGroup.length === 0) return null;
              return (
                <div key={group} className={styles.navGroup}>
                  <span id={`staff-nav-${group}`} className={styles.navHeading}>
                    {w.navGroups[group]}
                  </span>
                  <ul className={styles.navList} aria-labelledby={`staff-nav-${group}`}>
                    {inGroup.map((entry) => (
                      <li key={entry.path}>
                        <NavLink to={entry.path} end={entry.end ?? false} className={styles.navLink}>
                          {entry.label(w)}
                        </NavLink>
                      </li>
                    ))}
                  </ul>
                </div>
              );
            })}
          </nav>
        ) : null}
        <main id="staff-main" className={styles.main}>
          {children}
        </main>
      </div>
    </div>
  );
}
