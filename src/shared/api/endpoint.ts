import type { z } from 'zod';

type Method = 'GET' | 'POST';

/**
 * One HTTP call of SPEC §7: its method, path, and the schemas of what goes in and comes out. The
 * server registers routes from these; the browser, which must not load zod, uses the matching
 * descriptor of `<feature>-endpoints.ts` (see descriptor.ts).
 */
export interface Endpoint<
  Req extends z.ZodType = z.ZodType,
  Res extends z.ZodType = z.ZodType,
  M extends Method = Method,
  P extends string = string,
> {
  method: M;
  path: P;
  request: Req;
  response: Res;
}

/** Keeps the method and path as literal types, so a descriptor naming another path fails the type check. */
export function endpoint<
  Req extends z.ZodType,
  Res extends z.ZodType,
  const M extends Method,
  const P extends string,
>(definition: Endpoint<Req, Res, M, P>): Endpoint<Req, Res, M, P> {
  return definition;
}
