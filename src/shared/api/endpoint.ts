import type { z } from 'zod';

/** One HTTP call of SPEC §7: its method, path, and the schemas of what goes in and comes out. */
export interface Endpoint<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  method: 'GET' | 'POST';
  path: string;
  request: Req;
  response: Res;
}

export function endpoint<Req extends z.ZodType, Res extends z.ZodType>(
  definition: Endpoint<Req, Res>,
): Endpoint<Req, Res> {
  return definition;
}

export type RequestOf<E extends Endpoint> = z.input<E['request']>;
export type ResponseOf<E extends Endpoint> = z.output<E['response']>;
