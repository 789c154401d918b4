import { createContext, useContext } from 'react';
import type { PublicConfig } from '#shared/config.ts';

export const ConfigContext = createContext<PublicConfig | null>(null);

/** The public configuration (SPEC §1 switches) the server inlined in the page. */
export function useConfig(): PublicConfig {
  const config = useContext(ConfigContext);
  if (!config) throw new Error('useConfig outside ConfigContext');
  return config;
}
