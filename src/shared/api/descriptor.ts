import type { z } from 'zod';
import type { Endpoint } from './endpoint.ts';

/**
 * What the browser knows of an endpoint: its method and path at run time, and the types of its
 * request and response through `types`, which is never set. Only types come from the zod schemas, so
 * no schema reaches the browser's bundle (docs/decisions/0041-one-contract-on-both-sides-descriptors.md).
 */
export interface Descriptor<E extends Endpoint = Endpoint> {
  readonly method: E['method'];
  readonly path: E['path'];
  readonly types?: E;
}

/**
 * The descriptor of endpoint `E`. Method and path are checked against the endpoint's literal ones,
 * so the two cannot drift apart: changing either side fails the type check.
 */
export function describe<E extends Endpoint>(method: E['method'], path: E['path']): Descriptor<E> {
  return { method, path };
}

/** What the caller sends (before the server's parsing: optional fields may be left out). */
export type RequestOf<D extends Descriptor | Endpoint> = z.input<EndpointOf<D>['request']>;
/** What a successful call answers. */
export type ResponseOf<D extends Descriptor | Endpoint> = z.output<EndpointOf<D>['response']>;

type EndpointOf<D> = D extends Endpoint ? D : D extends Descriptor<infer E> ? E : never;
