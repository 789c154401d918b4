import type { z } from 'zod';
import { badRequest } from './errors.ts';

/** Validates input against a schema; a failure is a 400 naming each bad field. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fieldErrors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || 'body';
    fieldErrors[key] ??= issue.message;
  }
  const summary = Object.entries(fieldErrors)
    .map(([field, message]) => `${field}: ${message}`)
    .join('; ');
  throw badRequest('InvalidRequest', `Invalid request: ${summary}`, { fieldErrors });
}
