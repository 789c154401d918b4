import {
  createContext,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';

/**
 * The app's own router: the part of React Router 7 the app used (about 14 KB gzip of the first load,
 * see
 * docs/decisions/0063-our-own-router-instead-of-react.md) in about 2 KB gzip, with the same behaviour. A location is a path of
 * this origin, never another site's: links and navigation keep only the path, query and fragment.
 */
export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** What the page that navigated here passed along (`navigate(to, { state })`), or null. */
  state: unknown;
  /** Tells apart two visits of the same URL; 'default' for the page the browser opened. */
  key: string;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
  /**
   * Shows the new address at once, not as a transition that keeps the page being left until the next
   * screen has loaded (signing out: the account leaves the screen now).
   */
  urgent?: boolean;
}

export type NavigateFunction = (to: string, options?: NavigateOptions) => void;

interface RouterValue {
  location: Location;
  navigate: NavigateFunction;
  /**
   * How many times the address's path has changed: a Back pressed before the screen of a link has
   * shown brings the same path back, yet the member went somewhere and returned (scroll-reset.tsx).
   */
  pathChanges: number;
}

const RouterContext = createContext<RouterValue | null>(null);

/** The path, query and fragment of `to`, read against the current path as a browser would. */
export function resolvePath(to: string, from: string): { pathname: string; search: string; hash: string } {
  const url = new URL(to, new URL(from, 'http://app.invalid'));
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

export function createPath({ pathname, search, hash }: { pathname: string; search: string; hash: string }) {
  return pathname + search + hash;
}

function locationOf(path: string, state: unknown, key: string): Location {
  return { ...resolvePath(path, '/'), state, key };
}

/** The provider the three routers share; the location changes as a transition, as React Router's did. */
function Router({ location, navigate, pathChanges, children }: RouterValue & { children: ReactNode }) {
  const value = useMemo(() => ({ location, navigate, pathChanges }), [location, navigate, pathChanges]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

interface HistoryEntry {
  /** The state passed to navigate (React Router kept it under the same name). */
  usr?: unknown;
  key?: string;
}

function windowLocation(): Location {
  const entry = (window.history.state ?? {}) as HistoryEntry;
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash, state: entry.usr ?? null, key: entry.key ?? 'default' };
}

const newKey = () => Math.random().toString(36).slice(2, 10);

/** The browser's address bar and history: navigate pushes or replaces an entry; Back and Forward follow. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [{ location, pathChanges }, setRoute] = useState(() => ({
    location: windowLocation(),
    pathChanges: 0,
  }));
  const path = useRef(window.location.pathname);
  const follow = useCallback((urgent?: boolean) => {
    const next = windowLocation();
    const moved = next.pathname !== path.current ? 1 : 0;
    path.current = next.pathname;
    const update = () => setRoute((route) => ({ location: next, pathChanges: route.pathChanges + moved }));
    if (urgent) update();
    else startTransition(update);
  }, []);
  const navigate = useCallback<NavigateFunction>(
    (to, { replace = false, state = null, urgent } = {}) => {
      const url = createPath(resolvePath(to, window.location.pathname));
      const entry: HistoryEntry = { usr: state, key: newKey() };
      if (replace) {
        window.history.replaceState(entry, '', url);
      } else {
        try {
          window.history.pushState(entry, '', url);
        } catch {
          // Safari limits history entries; the page then loads the address instead.
          window.location.assign(url);
          return;
        }
      }
      follow(urgent);
    },
    [follow],
  );
  useLayoutEffect(() => {
    const back = () => follow();
    window.addEventListener('popstate', back);
    return () => window.removeEventListener('popstate', back);
  }, [follow]);
  return (
    <Router location={location} navigate={navigate} pathChanges={pathChanges}>
      {children}
    </Router>
  );
}

/** The server render of one address: nothing navigates there (a redirect is the server's answer). */
export function StaticRouter({ location, children }: { location: string; children: ReactNode }) {
  const current = useMemo(() => locationOf(location, null, 'default'), [location]);
  return (
    <Router location={current} navigate={refuseOnServer} pathChanges={0}>
      {children}
    </Router>
  );
}

function refuseOnServer(): never {
  throw new Error('The server render cannot navigate');
}

/** A history kept in memory, for component tests: starts at the last of `initialEntries`. */
export function MemoryRouter({
  initialEntries = ['/'],
  children,
}: {
  initialEntries?: string[];
  children: ReactNode;
}) {
  const [location, setLocation] = useState(() => locationOf(initialEntries.at(-1) ?? '/', null, 'default'));
  const navigate = useCallback<NavigateFunction>((to, { state = null, urgent } = {}) => {
    const update = () =>
      setLocation((from) => locationOf(createPath(resolvePath(to, from.pathname)), state, newKey()));
    if (urgent) update();
    else startTransition(update);
  }, []);
  return (
    <Router location={location} navigate={navigate} pathChanges={0}>
      {children}
    </Router>
  );
}

function useRouter(): RouterValue {
  const router = useContext(RouterContext);
  if (!router) throw new Error('Routing hooks need a router around them (main.tsx, entry-server.tsx)');
  return router;
}

export function useLocation(): Location {
  return useRouter().location;
}

/** Counts the changes of the address's path (see RouterValue). */
export function usePathChanges(): number {
  return useRouter().pathChanges;
}

/** Navigates within the app: `navigate('/help', { replace: true, state })`. The function never changes. */
export function useNavigate(): NavigateFunction {
  return useRouter().navigate;
}

type SearchInit = ConstructorParameters<typeof URLSearchParams>[0];

/** The query of the current address, and a setter that navigates to this path with another query. */
export function useSearchParams(): [URLSearchParams, (next: SearchInit, options?: NavigateOptions) => void] {
  const { location, navigate } = useRouter();
  const { pathname, search } = location;
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback(
    (next: SearchInit, options?: NavigateOptions) => {
      const query = new URLSearchParams(next).toString();
      navigate(query ? `${pathname}?${query}` : pathname, options);
    },
    [navigate, pathname],
  );
  return [params, setParams];
}
