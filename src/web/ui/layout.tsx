import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useConfig } from '../config-context.tsx';
import { useMessages } from '../i18n/messages.tsx';
import { NavLink } from '../routing/links.tsx';
import { useLocation, useNavigate } from '../routing/router.tsx';
import { useSession } from '../session/session-context.tsx';
import styles from './layout.module.css';
import { SiteFooter } from './site-footer.tsx';

/** SPEC §2 Shared layout: header with a desktop bar, a mobile toggle menu and a slide-out drawer. */
export function Layout({ children }: { children: ReactNode }) {
  const { state } = useSession();
  const config = useConfig();
  const m = useMessages();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();
  const signedIn = state.status === 'authenticated';

  // Navigating closes the drawer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change by design
  useEffect(() => setDrawerOpen(false), [pathname]);

  return (
    <div className={styles.shell}>
      <a className="visually-hidden" href="#main">
        {m.app.skipToContent}
      </a>
      <header className={styles.header}>
        <div className={styles.bar}>
          <NavLink to="/" className={styles.brand}>
            {config.title}
          </NavLink>
          {signedIn ? (
            <>
              <nav className={styles.desktopNav} aria-label={m.nav.mainNavigation}>
                <NavLinks />
              </nav>
              <button
                type="button"
                className={styles.toggle}
                aria-expanded={drawerOpen}
                aria-controls="drawer"
                onClick={() => setDrawerOpen(true)}
              >
                <span className={styles.toggleBars} />
                <span className="visually-hidden">{m.nav.openMenu}</span>
              </button>
            </>
          ) : null}
        </div>
      </header>
      {signedIn ? <Drawer open={drawerOpen} onClose={() => setDrawerOpen(false)} /> : null}
      <main id="main" className={styles.main}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

/** The links of SPEC §2 (My Points, My Details, Help and FAQ, Sign Out), Events and Style guides. */
function NavLinks() {
  const m = useMessages().nav;
  const config = useConfig();
  const { logout } = useSession();
  const navigate = useNavigate();
  const signOut = () => logout(() => navigate('/', { urgent: true }));
  return (
    <>
      <NavLink to="/" end className={styles.navLink}>
        {m.myPoints}
      </NavLink>
      <NavLink to="/events" className={styles.navLink}>
        {m.events}
      </NavLink>
      <NavLink to="/style-guides" className={styles.navLink}>
        {m.styleGuides}
      </NavLink>
      <NavLink to="/help/account" className={styles.navLink}>
        {m.myDetails}
      </NavLink>
      {config.externalFaqUrl ? (
        <a href={config.externalFaqUrl} className={styles.navLink}>
          {m.helpAndFaq}
        </a>
      ) : (
        <NavLink to="/help/faq" className={styles.navLink}>
          {m.helpAndFaq}
        </NavLink>
      )}
      <button type="button" className={styles.navLink} onClick={signOut}>
        {m.signOut}
      </button>
    </>
  );
}

function Drawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const m = useMessages().nav;
  const panel = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
      if (event.key === 'Tab') trapFocus(event, panel.current);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      opener?.focus();
    };
  }, [open, onClose]);

  return (
    <>
      <div
        className={`${styles.backdrop} ${open ? styles.backdropOpen : ''}`}
        onClick={onClose}
        aria-hidden="true"
      />
      <div
        id="drawer"
        ref={panel}
        className={`${styles.drawer} ${open ? styles.drawerOpen : ''}`}
        role="dialog"
        aria-modal="true"
        aria-label={m.mainNavigation}
        aria-hidden={!open}
      >
        <div className={styles.drawerHeader}>
          <span />
          <button
            ref={closeButton}
            type="button"
            className={styles.toggle}
            style={{ display: 'inline-flex' }}
            onClick={onClose}
          >
            ✕<span className="visually-hidden">{m.closeMenu}</span>
          </button>
        </div>
        <nav className={styles.drawerNav} aria-label={m.mainNavigation}>
          <NavLinks />
        </nav>
      </div>
    </>
  );
}

/** Keeps Tab inside the open drawer. */
function trapFocus(event: KeyboardEvent, container: HTMLElement | null) {
  if (!container) return;
  const focusable = container.querySelectorAll<HTMLElement>('a[href], button:not([disabled])');
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
