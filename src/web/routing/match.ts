/**
 * Route matching for the app's own router (see router.tsx for why it is ours). The rules are React
 * Router 7's, which the routes were written for: the most specific path wins whatever the order
 * (a static segment beats a parameter, which beats a splat), matching ignores case and a trailing
 * slash, `:name?` is an optional segment and a trailing `*` takes the rest of the path.
 */

/** A route as declared: a path relative to its parent (or absolute), or the parent's index. */
export interface RouteDefinition<E> {
  path?: string;
  index?: boolean;
  element?: E;
  children: RouteDefinition<E>[];
}

export interface RouteMatch<E> {
  /** The matched route and its parents, outermost first. */
  chain: RouteDefinition<E>[];
  params: Record<string, string>;
}

interface Branch<E> {
  pattern: RegExp;
  names: string[];
  score: number;
  chain: RouteDefinition<E>[];
}

/** Picks the route the pathname shows, or null when none matches. */
export function matchRoutes<E>(routes: RouteDefinition<E>[], pathname: string): RouteMatch<E> | null {
  const path = decodePath(pathname);
  for (const branch of rankedBranches(routes)) {
    const found = branch.pattern.exec(path);
    if (!found) continue;
    const params: Record<string, string> = {};
    branch.names.forEach((name, i) => {
      const value = found[i + 1];
      if (value !== undefined) params[name] = value.replace(/%2F/g, '/');
    });
    return { chain: branch.chain, params };
  }
  return null;
}

/** Every route that can match on its own, with its parents, most specific first (a stable sort). */
function rankedBranches<E>(routes: RouteDefinition<E>[]): Branch<E>[] {
  const branches: Branch<E>[] = [];
  const walk = (list: RouteDefinition<E>[], parentPath: string, parents: RouteDefinition<E>[]) => {
    for (const route of list) {
      const own = route.path ?? '';
      const path = own.startsWith('/') ? own : joinPaths(parentPath, own);
      const chain = [...parents, route];
      walk(route.children, path, chain);
      if (route.path === undefined && !route.index) continue;
      for (const variant of withoutOptionals(path)) {
        branches.push({ ...compile(variant), score: score(variant, route.index === true), chain });
      }
    }
  };
  walk(routes, '', []);
  return branches.sort((a, b) => b.score - a.score);
}

function joinPaths(parent: string, child: string): string {
  return `${parent}/${child}`.replace(/\/\/+/g, '/');
}

/** `/store/signup/:token?` is two paths, with and without the token, each ranked on its own. */
function withoutOptionals(path: string): string[] {
  const segments = path.split('/');
  const variants = segments.reduce<string[][]>(
    (sofar, segment) => {
      if (!segment.endsWith('?')) return sofar.map((v) => [...v, segment]);
      const required = segment.slice(0, -1);
      return sofar.flatMap((v) => [[...v, required], v]);
    },
    [[]],
  );
  return variants.map((v) => v.join('/') || '/');
}

const isParam = (segment: string) => /^:[\w-]+$/.test(segment);

/** React Router's ranking: 10 a static segment, 3 a parameter, 1 an empty one, -2 a splat, +2 an index. */
function score(path: string, index: boolean): number {
  const segments = path.split('/');
  const splat = segments.includes('*');
  return segments
    .filter((s) => s !== '*')
    .reduce(
      (sum, s) => sum + (isParam(s) ? 3 : s === '' ? 1 : 10),
      segments.length + (splat ? -2 : 0) + (index ? 2 : 0),
    );
}

function compile(path: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  let source = path
    .replace(/\/*\*?$/, '')
    .replace(/^\/*/, '/')
    .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
    .replace(/\/:([\w-]+)/g, (_, name: string) => {
      names.push(name);
      return '/([^\\/]+)';
    });
  if (path.endsWith('*')) {
    names.push('*');
    source += path === '*' || path === '/*' ? '(.*)$' : '(?:\\/(.+)|\\/*)$';
  } else {
    source += '\\/*$';
  }
  return { pattern: new RegExp(`^${source}`, 'i'), names };
}

/** Decodes each segment (`/%73ignin` is /signin) but keeps an encoded slash inside a segment. */
function decodePath(pathname: string): string {
  try {
    return pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return pathname;
  }
}
