import { createContext, useContext, useEffect, useState } from 'react';
import type { HomeData } from '#shared/api/boot.ts';

/** The signed-in Home's data as the server rendered it into the page (boot data), until a Home uses it. */
export const ServerHomeContext = createContext<{ data?: HomeData | undefined }>({});

/**
 * What the server rendered this Home with (recent activity, next expiry), or undefined when this
 * Home was not painted by the server (a later visit, after a client-side navigation, asks the API as
 * before). The first Home to mount takes it: the next one must not show what may have changed since.
 */
export function useServerHome(): HomeData | undefined {
  const holder = useContext(ServerHomeContext);
  const [data] = useState(() => holder.data);
  useEffect(() => {
    holder.data = undefined;
  }, [holder]);
  return data;
}
