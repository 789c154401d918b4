import { z } from 'zod';
import { text } from './text.ts';

/**
 * Partner API keys: named, scoped, shown once. The scopes, and which partner operation
 * needs which, are declared in partner-endpoints.ts and partner-admin-endpoints.ts (and in the OpenAPI document).
 */
export const partnerScopes = ['purchases', 'members', 'invites'] as const;
export type PartnerScope = (typeof partnerScopes)[number];

export const createApiKeyRequest = z.object({
  name: text({ error: 'name is required' })
    .min(1, 'name is required')
    .max(60, 'name must be at most 60 characters')
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'name may hold letters, digits, dots, dashes and underscores'),
  scopes: z
    .array(z.enum(partnerScopes, { error: `each scope must be one of ${partnerScopes.join(', ')}` }), {
      error: 'scopes is required (a list)',
    })
    .min(1, 'Give the key at least one scope')
    .max(partnerScopes.length)
    .transform((scopes) => [...new Set(scopes)].sort()),
});

/** A key as listed: never the key itself, which only its creation answers. */
const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(z.enum(partnerScopes)),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});

export const createApiKeyResponse = z.object({
  success: z.literal(true),
  apiKey: apiKeySchema,
  /** The key, shown this once: only its SHA-256 is stored. */
  key: z.string(),
});

export const apiKeyListResponse = z.object({ success: z.literal(true), apiKeys: z.array(apiKeySchema) });

export const revokeApiKeyResponse = z.object({ success: z.literal(true), apiKey: apiKeySchema });

export type ApiKey = z.output<typeof apiKeySchema>;
