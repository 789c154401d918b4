import {
  type ComponentType,
  createContext,
  createElement,
  lazy,
  useContext,
  useState,
  useSyncExternalStore,
} from 'react';
import { loadHomeMessages, loadScreenMessages } from '../i18n/messages.tsx';

/** SPEC §7: on-demand screens load with a 120000 ms time-out. */
const screenLoadTimeoutMs = 120_000;

export type ChunkLoadReason = 'missing' | 'timeout' | 'error';

/** SPEC §8: a failed on-demand script load raises a chunk-load error with reason missing, timeout or error. */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
  constructor(
    readonly reason: ChunkLoadReason,
    cause?: unknown,
  ) {
    super(`Loading a screen failed (${reason})`, { cause });
  }
}

function reasonOf(error: unknown): ChunkLoadReason {
  const text = String(error);
  return /404|not found|Failed to fetch dynamically imported module/i.test(text) ? 'missing' : 'error';
}

/**
 * Set by the server render: the build-manifest names of the modules the page's server-rendered
 * screens need, for the host to preload them (and inline their CSS) in the HTML.
 */
export const ScreenModulesSinkContext = createContext<Set<string> | null>(null);

/** Server-rendered screens by their module's manifest name: the client loads them before hydrating. */
const serverRendered = new Map<string, () => Promise<unknown>>();

interface LazyScreenOptions {
  timeoutMs?: number;
  /**
   * The screen's module as the build manifest names it (src/web/…): the server renders this screen
   * whole (it holds no field a member could type into before hydration, see
   * docs/decisions/0019-server-never-renders-a-lazy-screen.md), and
   * the browser loads its chunk before hydrating that HTML.
   */
  serverRendered?: string;
  /**
   * The words the screen reads beyond the core catalogue (i18n/en-GB.ts): the screens' words (6.6 KB
   * gzip, the default), Home's words alone ('home', en-GB-home.ts), or none ('core', as Sign in). A
   * screen reading words it did not ask for gets undefined: its component test renders it with the
   * words it names (docs/decisions/0064-first-load-budget-covers-landing-sign.md).
   */
  words?: ScreenWords;
}

/** The words a screen reads beyond the core, narrowest first. */
export type ScreenWords = 'core' | 'home' | 'screens';
const wordsOrder: readonly ScreenWords[] = ['core', 'home', 'screens'];

/** Server-rendered screens by their module's manifest name, with the words they read. */
const serverRenderedWords = new Map<string, ScreenWords>();

/** The words a page whose server-rendered screens are these needs (for the host to preload them). */
export function wordsOfScreens(moduleNames: readonly string[]): ScreenWords {
  const needed = moduleNames.map((name) => wordsOrder.indexOf(serverRenderedWords.get(name) ?? 'screens'));
  return wordsOrder[Math.max(0, ...needed)] ?? 'screens';
}

const loadWords: Record<ScreenWords, () => Promise<void> | null> = {
  core: () => null,
  home: () => loadHomeMessages(),
  screens: () => loadScreenMessages(),
};

/** A lazily loaded screen: its own chunk, fetched on first render, with the time-out and error of SPEC §7/§8. */
export function lazyScreen<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  { timeoutMs = screenLoadTimeoutMs, serverRendered: moduleName, words = 'screens' }: LazyScreenOptions = {},
): ComponentType<P> {
  if (moduleName) serverRenderedWords.set(moduleName, words);
  if (import.meta.env.SSR) return serverScreen(load, moduleName);
  // The module once loaded: rendered directly from then on (no suspending, nothing to wait for).
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const preload = () => {
    loading ??= loadWithTimeout(load, timeoutMs, words).then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        // A later render tries again (the error boundary resets on the next path).
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  if (moduleName) serverRendered.set(moduleName, preload);
  const Screen = lazy(preload);
  // Loaded before hydration (a server-rendered screen, see loadServerRenderedScreens) or since: the
  // screen itself. Only a screen still to load asks whether the page is hydrated: the question makes
  // React render its component once more after hydrating (useSyncExternalStore's server snapshot
  // differs), and for Home that was a second render of the whole screen, a long task of its own.
  // Which of the two a mounted screen renders is fixed when it mounts: switching once the module has
  // loaded would give React another component in the same place, which remounts the screen and loses
  // its state (the staff console's search results vanished when the search put ?q= in the address).
  return (props: P) => {
    const [direct] = useState(() => loaded);
    return direct ? createElement(direct, props) : createElement(ScreenOnceHydrated<P>, { Screen, props });
  };
}

/** While hydrating, the browser renders what the server sent in a lazy screen's place (nothing). */
function ScreenOnceHydrated<P extends object>({ Screen, props }: { Screen: ComponentType<P>; props: P }) {
  return useHydrated() ? createElement(Screen, props) : null;
}

/**
 * The screens the server rendered into this page (named in its boot data), loaded before the page is
 * hydrated, so hydration renders them at once from their module and matches the server's HTML: the
 * page the member sees is never replaced or blanked while a chunk loads. Their chunks were preloaded
 * with the HTML (modulepreload), so this waits for little.
 */
export async function loadServerRenderedScreens(moduleNames: readonly string[]): Promise<void> {
  await Promise.all(moduleNames.map((name) => serverRendered.get(name)?.()));
}

function loadWithTimeout<P>(
  load: () => Promise<{ default: ComponentType<P> }>,
  timeoutMs: number,
  words: ScreenWords,
): Promise<{ default: ComponentType<P> }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('timeout')), timeoutMs);
    // The screen's words come with the first lazy screen (see i18n/messages.tsx).
    Promise.all([load(), loadWords[words]()]).then(
      ([module]) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(reasonOf(error), error));
      },
    );
  });
}

/** Screens whose modules the server has loaded (entry-server.tsx awaits them before serving). */
const serverLoads: Promise<unknown>[] = [];

/** Resolves once every server-rendered screen's module has loaded in the server renderer. */
export function serverScreensLoaded(): Promise<void> {
  return Promise.all(serverLoads).then(() => undefined);
}

/**
 * On the server a lazy screen renders nothing, as its fallback would, and does not suspend (a
 * suspended server render reaches the browser as React error #419): rendering a form there would let
 * a member type into it before hydration and lose what they typed. A server-rendered screen renders
 * whole once its module has loaded (at start-up), and names its module for the host to preload.
 */
function serverScreen<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  moduleName: string | undefined,
): ComponentType<P> {
  if (!moduleName) return () => null;
  let loaded: ComponentType<P> | null = null;
  serverLoads.push(
    load().then((module) => {
      loaded = module.default;
    }),
  );
  return (props: P) => {
    const modules = useContext(ScreenModulesSinkContext);
    if (!loaded) return null;
    modules?.add(moduleName);
    return createElement(loaded, props);
  };
}

const noSubscription = () => () => undefined;

/**
 * False while React hydrates server HTML, true from then on (and in a page rendered in the browser).
 * A server-rendered form keeps its submit button disabled until then: the browser's own submission
 * of a form React does not handle yet would put the fields in the address
 * (docs/performance.md, "The JavaScript starts after the first paint").
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
