import { createContext, type ReactNode, useContext } from 'react';
import type { Locale } from '#shared/config.ts';
import {
  type CoreMessages,
  enGB,
  type HomeMessages,
  type Messages,
  type OtherScreenMessages,
  type ScreenMessages,
} from './en-GB.ts';

/**
 * Catalogues in memory, in two parts per locale. The core (first paint: layout, Landing, Sign in,
 * errors) of en-GB is in the first-load bundle, another locale's core is loaded before the first
 * render (`loadMessages`). The words of the lazy screens are their own chunks, loaded together with
 * the first lazy screen (`loadScreenMessages`, called by `lazyScreen`), so they never weigh on first
 * load: Home's words (en-GB-home.ts), which Home loads alone (`loadHomeMessages`), and the others'.
 */
const cores: Partial<Record<Locale, CoreMessages>> = { 'en-GB': enGB };
const screens: Partial<Record<Locale, ScreenMessages>> = {};
const merged: Partial<Record<Locale, Messages>> = {};
// Home's words alone (a part of the screens' words): Home loads only these (first-load budget).
const homes: Partial<Record<Locale, HomeMessages>> = {};
const mergedWithHome: Partial<Record<Locale, Messages>> = {};

const coreLoaders: Record<Locale, () => Promise<CoreMessages>> = {
  'en-GB': async () => enGB,
  'da-DK': async () => (await import('./da-DK.ts')).daDK,
};
const otherScreenLoaders: Record<Locale, () => Promise<OtherScreenMessages>> = {
  'en-GB': async () => (await import('./en-GB-screens.ts')).enGBScreens,
  'da-DK': async () => (await import('./da-DK-screens.ts')).daDKScreens,
};

const homeLoaders: Record<Locale, () => Promise<HomeMessages>> = {
  'en-GB': async () => (await import('./en-GB-home.ts')).enGBHome,
  'da-DK': async () => (await import('./da-DK-home.ts')).daDKHome,
};

/** The other screens' words of each locale as the build manifest names their module (the host preloads it). */
export const screenMessagesModules: Record<Locale, string> = {
  'en-GB': 'src/web/i18n/en-GB-screens.ts',
  'da-DK': 'src/web/i18n/da-DK-screens.ts',
};

/** Home's words of each locale as the build manifest names their module. */
export const homeMessagesModules: Record<Locale, string> = {
  'en-GB': 'src/web/i18n/en-GB-home.ts',
  'da-DK': 'src/web/i18n/da-DK-home.ts',
};

let activeLocale: Locale = 'en-GB';

/** Loads a locale's core catalogue (once) and makes it the active locale; call before rendering. */
export async function loadMessages(locale: Locale): Promise<void> {
  activeLocale = locale;
  cores[locale] ??= await coreLoaders[locale]();
}

/** Loads the active locale's words for the lazy screens (once). */
export async function loadScreenMessages(locale: Locale = activeLocale): Promise<void> {
  if (screens[locale]) return;
  const [home, others] = await Promise.all([homeLoaders[locale](), otherScreenLoaders[locale]()]);
  screens[locale] ??= { ...home, ...others };
}

/** Loads the active locale's words for Home alone (once); the screens' words include them. */
export async function loadHomeMessages(locale: Locale = activeLocale): Promise<void> {
  homes[locale] ??= await homeLoaders[locale]();
}

/** For the server renderer and tests, which have every catalogue at hand. */
export function registerMessages(locale: Locale, core: CoreMessages, screenMessages: ScreenMessages): void {
  cores[locale] = core;
  screens[locale] = screenMessages;
  delete merged[locale];
  delete mergedWithHome[locale];
}

function messagesFor(locale: Locale): Messages {
  const cached = merged[locale];
  if (cached) return cached;
  const core = cores[locale] ?? enGB;
  const screenMessages = screens[locale];
  // Before the screens' words arrive only the core is read (by the first-load components), and
  // Home's words by Home.
  if (!screenMessages) {
    const home = homes[locale];
    if (!home) return core as Messages;
    mergedWithHome[locale] ??= { ...core, ...home } as Messages;
    return mergedWithHome[locale];
  }
  const all = { ...core, ...screenMessages };
  merged[locale] = all;
  return all;
}

/** A locale's whole catalogue outside React (the server renderer's page titles). */
export function messagesOf(locale: Locale): Messages {
  return messagesFor(locale);
}

const LocaleContext = createContext<Locale>('en-GB');

export function MessagesProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  return <LocaleContext.Provider value={locale}>{children}</LocaleContext.Provider>;
}

/** The message catalogue of the configured locale. */
export function useMessages(): Messages {
  return messagesFor(useContext(LocaleContext));
}
