import { createContext, useContext } from 'react';
import { Navigate } from './routing/links.tsx';

/** Set by the server render: where the page sends the visitor, for the server to answer a redirect. */
export const RedirectSinkContext = createContext<{ to: string | null } | null>(null);

/**
 * Sends the visitor to another path of the app, replacing this one. In the browser a <Navigate>; in
 * the server render, which cannot navigate, the page records where to, and the server answers a
 * redirect instead of the page.
 */
export function Redirect({ to }: { to: string }) {
  const sink = useContext(RedirectSinkContext);
  if (!sink) return <Navigate to={to} replace />;
  sink.to ??= to;
  return null;
}
