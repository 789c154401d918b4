import { z } from 'zod';
import { emptyRequestSchema, outcomeSchema, signedInSchema } from './common.ts';
import { endpoint } from './endpoint.ts';
import { text } from './text.ts';

export const loginEndpoint = endpoint({
  method: 'POST',
  path: '/api/login',
  access: { door: 'member', who: 'public' },
  request: z.object({
    username: text().toLowerCase().min(1, 'Enter your email address').max(254),
    password: text({ trim: false }).min(1, 'Enter your password').max(1024),
  }),
  response: signedInSchema.extend({ incorrectPassword: z.boolean().optional() }),
});

export const logoutEndpoint = endpoint({
  method: 'POST',
  path: '/api/logout',
  access: { door: 'member', who: 'public' },
  request: emptyRequestSchema,
  response: outcomeSchema,
});
