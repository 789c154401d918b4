import { describe, expect, it } from 'vitest';
import { matchRoutes, type RouteDefinition } from './match.ts';

const route = (path: string | undefined, children: RouteDefinition<string>[] = [], index = false) => ({
  path,
  index,
  element: index ? 'index' : (path ?? 'layout'),
  children,
});

/** The shape of the app's route table (routes.tsx): statics, a parameter, a help area, splats. */
const table: RouteDefinition<string>[] = [
  route('*'),
  route('/'),
  route('/signin'),
  route('/store/signup/:token?'),
  route('/staff/members/:loyaltyId'),
  route('/help', [route(undefined, [], true), route('account'), route('history/missing'), route('*')]),
  route('/help/terms'),
];

const shown = (pathname: string) => {
  const match = matchRoutes(table, pathname);
  return match && { elements: match.chain.map((r) => r.element), params: match.params };
};

describe('route matching (React Router 7 rules)', () => {
  it('picks the most specific route whatever the order: a static path over a parent splat and the catch-all', () => {
    expect(shown('/help/terms')).toEqual({ elements: ['/help/terms'], params: {} });
    expect(shown('/help/nothing/here')).toEqual({
      elements: ['/help', '*'],
      params: { '*': 'nothing/here' },
    });
    expect(shown('/elsewhere')).toEqual({ elements: ['*'], params: { '*': 'elsewhere' } });
  });

  it('renders a nested route inside its parent, and the index at the parent’s own path', () => {
    expect(shown('/help')?.elements).toEqual(['/help', 'index']);
    expect(shown('/help/history/missing')?.elements).toEqual(['/help', 'history/missing']);
  });

  it('ignores case and a trailing slash, and decodes the path before matching', () => {
    expect(shown('/SignIn/')?.elements).toEqual(['/signin']);
    expect(shown('/%73ignin')?.elements).toEqual(['/signin']);
    expect(shown('/')?.elements).toEqual(['/']);
  });

  it('reads parameters, decoded; an optional one may be absent; a parameter never spans a slash', () => {
    expect(shown('/store/signup')).toEqual({ elements: ['/store/signup/:token?'], params: {} });
    expect(shown('/store/signup/a%20b')?.params).toEqual({ token: 'a b' });
    expect(shown('/staff/members/6300%2F1')?.params).toEqual({ loyaltyId: '6300/1' });
    expect(shown('/staff/members/1/2')?.elements).toEqual(['*']);
  });

  it('answers null when nothing matches, and keeps a malformed escape as it came', () => {
    expect(matchRoutes([route('/signin')], '/signup')).toBeNull();
    expect(matchRoutes([route('/a/:x')], '/a/%E0%A4%A')?.params).toEqual({ x: '%E0%A4%A' });
  });
});
