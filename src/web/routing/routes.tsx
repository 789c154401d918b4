import { Children, createContext, Fragment, isValidElement, type ReactNode, useContext } from 'react';
import { matchRoutes, type RouteDefinition } from './match.ts';
import { useLocation } from './router.tsx';

interface RouteProps {
  /** Relative to the parent route (or absolute); `:name` a parameter, `:name?` optional, `*` the rest. */
  path?: string;
  /** Shown at the parent's own path. */
  index?: boolean;
  /** What the route shows; without one, its matched child (an <Outlet />). */
  element?: ReactNode;
  children?: ReactNode;
}

interface RouteContextValue {
  outlet: ReactNode;
  params: Readonly<Record<string, string>>;
}

const RouteContext = createContext<RouteContextValue>({ outlet: null, params: {} });

/** Declares a route inside <Routes>; <Routes> reads its props, it renders nothing itself. */
export function Route(_props: RouteProps): ReactNode {
  return null;
}

/**
 * Shows the element of the route that matches the whole current path (see match.ts for the ranking),
 * its parents' elements around it; nothing when none matches. Routes are not nested inside another
 * <Routes>' element: each <Routes> matches the whole path.
 */
export function Routes({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const match = matchRoutes(definitionsOf(children), pathname);
  if (!match) return null;
  return renderChain(match.chain, match.params);
}

/** The outermost route's element, with the rest of the chain as its outlet. */
function renderChain(chain: RouteDefinition<ReactNode>[], params: Record<string, string>): ReactNode {
  const [route, ...inner] = chain;
  if (!route) return null;
  const outlet = renderChain(inner, params);
  return (
    <RouteContext.Provider value={{ outlet, params }}>
      {route.element === undefined ? outlet : route.element}
    </RouteContext.Provider>
  );
}

function definitionsOf(children: ReactNode): RouteDefinition<ReactNode>[] {
  const definitions: RouteDefinition<ReactNode>[] = [];
  Children.forEach(children, (child) => {
    if (!isValidElement<RouteProps>(child)) return;
    if (child.type === Fragment) {
      definitions.push(...definitionsOf(child.props.children));
      return;
    }
    const { path, index, element, children: nested } = child.props;
    definitions.push({ path, index, element, children: definitionsOf(nested) });
  });
  return definitions;
}

/** Where a parent route's element shows its matched child. */
export function Outlet(): ReactNode {
  return useContext(RouteContext).outlet;
}

/** The parameters of the matched route's path, e.g. `{ token }` for `/store/signup/:token?`. */
export function useParams(): Readonly<Record<string, string | undefined>> {
  return useContext(RouteContext).params;
}
