import type { z } from 'zod';
import type { StaffRole } from '../domain/staff-roles.ts';
import type { PartnerScope } from './api-keys.ts';

type Method = 'GET' | 'POST';

/**
 * Who may call an endpoint, by the door it is reached through. Each door's registration reads this
 * and refuses everyone else before the handler runs:
 * - member (`/api`): the members' session hook; `who: 'signed-in'` needs a member's session (401
 *   LOGIN_REQUIRED otherwise, once the input is valid), `'public'` none (what a signed-in caller may
 *   do there is then the handler's). `feature`: the deployment's switch for it, checked before the
 *   session, so a feature switched off is simply not there (404), signed in or not;
 * - staff (`/staff-api`): a staff session whose role includes `role` ('anyone': sign-in, enrolment);
 * - partner (`/partner/v1`): a key holding `key` (a scope), 'any' valid key, the 'bootstrap' key
 *   only, or 'public' (no key).
 */
export type Access =
  | { door: 'member'; who: 'signed-in' | 'public'; feature?: MemberFeature }
  | { door: 'staff'; role: StaffRole | 'anyone' }
  | { door: 'partner'; key: PartnerScope | 'any' | 'bootstrap' | 'public' };

/**
 * A member feature a deployment may switch off (config): passkeys (enableWebAuthnLogins), and
 * confirming it is you by emailed link (enableMagicLinkLogins).
 */
export type MemberFeature = 'passkeys' | 'link-reconfirmation';

/** A documented answer other than the usual success (the partner API's 202 for an unknown card). */
interface OtherAnswer {
  status: number;
  description: string;
  response: z.ZodType;
}

/**
 * One HTTP call: its method, path, the schemas of what goes in and comes out, who may call it and
 * the audit action its write records. The server registers routes from these (one registration per
 * door, src/server/http/serve.ts); the browser, which must not load zod, uses the matching descriptor
 * of `<feature>-endpoints.ts` (see descriptor.ts); the partner API's OpenAPI document and the
 * operator CLI read the same declarations.
 */
export interface Endpoint<
  Req extends z.ZodType = z.ZodType,
  Res extends z.ZodType = z.ZodType,
  M extends Method = Method,
  P extends string = string,
  A extends Access = Access,
> {
  method: M;
  /** The full path; `:name` is a path parameter (typed by ParamsOf). */
  path: P;
  /** The JSON body (POST) or the query string (GET). */
  request: Req;
  response: Res;
  /** Who may call it: every endpoint says, so nothing is left to a handler by omission. */
  access: A;
  /** The audit action each successful call records (writes of the staff and partner doors). */
  audit?: string;
  /** The success status, when it is not 200. */
  status?: number;
  /** For the documentation (partner API): what it does, in a sentence or a paragraph. */
  summary?: string;
  /** Error codes it may answer beyond those of its door (validation, keys, scopes). */
  errors?: readonly string[];
  /** Other successful answers, e.g. 202. */
  otherAnswers?: readonly OtherAnswer[];
  /**
   * The request is the raw body (application/octet-stream: an upload), not JSON; its size limit is
   * the route's bodyLimit. The same-origin rule still applies.
   */
  rawBody?: true;
  /** The success body's media type when it is not JSON. */
  contentType?: 'text/html' | 'text/csv' | 'text/calendar' | 'image/svg+xml' | 'application/vnd.apple.pkpass';
}

/** Keeps the method, path and access as literal types, so a descriptor naming another path fails the type check. */
export function endpoint<
  Req extends z.ZodType,
  Res extends z.ZodType,
  const M extends Method,
  const P extends string,
  const A extends Access,
>(definition: Endpoint<Req, Res, M, P, A>): Endpoint<Req, Res, M, P, A> {
  return definition;
}

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The path parameters of a path, from its literal type: `/claims/:id` has `{ id: string }`. */
export type ParamsOf<P extends string> = { [K in ParamNames<P>]: string };

/** The path with its parameters filled in (each URL-encoded). */
export function pathWith<P extends string>(path: P, params: ParamsOf<P>): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) =>
    encodeURIComponent((params as Record<string, string>)[name] ?? ''),
  );
}
