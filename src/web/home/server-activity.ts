import { createContext, useContext, useEffect, useState } from 'react';
import type { Transaction } from '#shared/api/points.ts';

/** Home's recent activity as the server rendered it into the page (boot data), until a Home uses it. */
export const ServerActivityContext = createContext<{ rows?: Transaction[] | undefined }>({});

/**
 * The rows the server rendered for this Home, or undefined when this Home was not painted by the
 * server (a later visit, after a client-side navigation, asks GET /api/transactions as before).
 * The first Home to mount takes them: the next one must not show what may have changed since.
 */
export function useServerActivity(): Transaction[] | undefined {
  const holder = useContext(ServerActivityContext);
  const [rows] = useState(() => holder.rows);
  useEffect(() => {
    holder.rows = undefined;
  }, [holder]);
  return rows;
}
