import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** What a page adds for the lazy screens the server rendered into it. */
export interface ScreenAssets {
  /** `<meta name="app-stylesheet">` of their CSS. */
  head: string;
  /** Their chunks, which public/start.js preloads with the entry's once the page has painted. */
  scripts: string[];
  /** Their stylesheets' text, inlined beside the entry CSS so the first paint waits for no request. */
  css: string;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

const none: ScreenAssets = { head: '', scripts: [], css: '' };

/**
 * Reads the web build's manifest (dist/web/.vite/manifest.json) once, and answers for a list of
 * modules (as the manifest names them: src/web/home/home-screen.tsx…) the chunks and stylesheets they
 * load beyond the entry's, which index.html preloads and inlines already. Answers are kept per list
 * (a handful of pages); a build without a manifest (tests that render from source) adds nothing.
 */
export function screenAssetsOf(webDist: string): (modules: readonly string[]) => ScreenAssets {
  const path = join(webDist, '.vite', 'manifest.json');
  if (!existsSync(path)) return () => none;
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as Record<string, ManifestChunk>;
  const entry = closure(manifest, ['index.html']);
  const cache = new Map<string, ScreenAssets>();
  return (modules) => {
    if (modules.length === 0) return none;
    const key = modules.join('\n');
    const cached = cache.get(key);
    if (cached) return cached;
    for (const name of modules)
      if (!manifest[name]) throw new Error(`The web build has no chunk for ${name} (server-rendered)`);
    const needed = closure(manifest, modules);
    const scripts = [...needed.scripts].filter((file) => !entry.scripts.has(file));
    const styles = [...needed.styles].filter((file) => !entry.styles.has(file));
    const assets = {
      head: styles.map((file) => `<meta name="app-stylesheet" content="/${file}">`).join(''),
      scripts: scripts.map((file) => `/${file}`),
      css: styles.map((file) => readFileSync(join(webDist, file), 'utf8')).join(''),
    };
    cache.set(key, assets);
    return assets;
  };
}

/** The chunks and stylesheets that loading these modules loads (their static imports, all the way down). */
function closure(manifest: Record<string, ManifestChunk>, names: readonly string[]) {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const seen = new Set<string>();
  const walk = (name: string) => {
    const chunk = manifest[name];
    if (!chunk || seen.has(name)) return;
    seen.add(name);
    scripts.add(chunk.file);
    for (const file of chunk.css ?? []) styles.add(file);
    for (const imported of chunk.imports ?? []) walk(imported);
  };
  for (const name of names) walk(name);
  return { scripts, styles };
}
