import { createContext, type ReactNode, useContext } from 'react';
import type { Locale } from '#shared/config.ts';
import { enGB, type Messages } from './en-GB.ts';

/**
 * Catalogues in memory. en-GB is in the first-load bundle; another locale's catalogue is its own
 * chunk, loaded once before the first render (`loadMessages`), so a deployment carries only its own.
 */
const catalogues: Partial<Record<Locale, Messages>> = { 'en-GB': enGB };

const loaders: Record<Locale, () => Promise<Messages>> = {
  'en-GB': async () => enGB,
  'da-DK': async () => (await import('./da-DK.ts')).daDK,
};

/** Loads a locale's catalogue (once); call before rendering with that locale. */
export async function loadMessages(locale: Locale): Promise<Messages> {
  const loaded = catalogues[locale] ?? (await loaders[locale]());
  catalogues[locale] = loaded;
  return loaded;
}

/** For the server renderer, which bundles every catalogue. */
export function registerMessages(locale: Locale, messages: Messages): void {
  catalogues[locale] = messages;
}

const MessagesContext = createContext<Messages>(enGB);

export function MessagesProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  return <MessagesContext.Provider value={catalogues[locale] ?? enGB}>{children}</MessagesContext.Provider>;
}

/** The message catalogue of the configured locale. */
export function useMessages(): Messages {
  return useContext(MessagesContext);
}
