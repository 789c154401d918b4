import { createContext, type ReactNode, useContext } from 'react';
import type { Locale } from '#shared/config.ts';
import { daDK } from './da-DK.ts';
import { enGB, type Messages } from './en-GB.ts';

const catalogues: Record<Locale, Messages> = { 'en-GB': enGB, 'da-DK': daDK };

const MessagesContext = createContext<Messages>(enGB);

export function MessagesProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  return <MessagesContext.Provider value={catalogues[locale]}>{children}</MessagesContext.Provider>;
}

/** The message catalogue of the configured locale. */
export function useMessages(): Messages {
  return useContext(MessagesContext);
}
