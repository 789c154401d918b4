import { type ComponentProps, type MouseEvent, useEffect } from 'react';
import { createPath, type Location, resolvePath, useLocation, useNavigate } from './router.tsx';

export type LinkProps = Omit<ComponentProps<'a'>, 'href'> & {
  /** A path of the app (`/help/account?x=1#part`); an address of another site is a plain link. */
  to: string;
  /** Replace the current history entry; by default only a link to the very page you are on does. */
  replace?: boolean;
  state?: unknown;
};

const otherSite = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;

/**
 * An <a> whose plain left click navigates within the app; a click with a modifier key, another
 * button or another target, or one the page's own onClick prevented, is left to the browser.
 */
export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const location = useLocation();
  const navigate = useNavigate();
  if (otherSite.test(to)) return <a href={to} target={target} onClick={onClick} {...rest} />;
  const href = createPath(resolvePath(to, location.pathname));
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || !isPlainClick(event, target)) return;
    event.preventDefault();
    navigate(href, { replace: replace ?? href === createPath(location), state });
  };
  return <a href={href} target={target} onClick={follow} {...rest} />;
}

function isPlainClick(event: MouseEvent, target: string | undefined): boolean {
  const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
  return event.button === 0 && (!target || target === '_self') && !modified;
}

type NavLinkProps = Omit<LinkProps, 'className'> & {
  /** Current only on its own path, not below it. */
  end?: boolean;
  /** A string gets `active` added while the link is current; a function chooses. */
  className?: string | ((state: { isActive: boolean }) => string | undefined);
};

/** A navigation link that knows when it is current: `aria-current="page"` (which the styles use). */
export function NavLink({ end = false, className, ...rest }: NavLinkProps) {
  const isActive = isCurrent(useLocation(), rest.to, end);
  const classes =
    typeof className === 'function'
      ? className({ isActive })
      : [className, isActive ? 'active' : null].filter(Boolean).join(' ') || undefined;
  return <Link {...rest} className={classes} aria-current={isActive ? 'page' : undefined} />;
}

/** React Router's rule: the same path, or (without `end`) a path below it; case is ignored. */
function isCurrent(location: Location, to: string, end: boolean): boolean {
  const here = location.pathname.toLowerCase();
  const path = resolvePath(to, location.pathname).pathname.toLowerCase();
  const slashAt = path !== '/' && path.endsWith('/') ? path.length - 1 : path.length;
  return here === path || (!end && here.startsWith(path) && here.charAt(slashAt) === '/');
}

/** Navigates once rendered (in an effect); the server render never navigates (see redirect.tsx). */
export function Navigate({ to, replace = false, state }: { to: string; replace?: boolean; state?: unknown }) {
  const navigate = useNavigate();
  useEffect(() => {
    navigate(to, { replace, state });
  }, [navigate, to, replace, state]);
  return null;
}
