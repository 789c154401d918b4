import { z } from 'zod';
import { telephoneMaxLength } from '../domain/telephone.ts';
import { accountSchema, consentChoiceSchema, outcome } from './common.ts';
import { endpoint } from './endpoint.ts';
import { text } from './text.ts';

/** SPEC §5 Edit details: non-blank name and email. */
export const profileNameField = text().min(1, 'Enter your name').max(200);
export const profileEmailField = text()
  .toLowerCase()
  .min(1, 'Enter your email address')
  .max(254)
  .pipe(z.email('Enter a valid email address'));

/** SPEC §7 POST /api/update-account. Every field is optional: what is absent stays as it is. */
export const updateAccountEndpoint = endpoint({
  method: 'POST',
  path: '/api/update-account',
  access: { door: 'member', who: 'signed-in' },
  request: z.object({
    name: profileNameField.optional(),
    email: profileEmailField.optional(),
    currency: text({ trim: false })
      .regex(/^[A-Z]{3}$/, 'Choose a currency')
      .optional(),
    marketingConsent: consentChoiceSchema.optional(),
    marketingConsentWhatsApp: consentChoiceSchema.optional(),
    /**
     * With telephone numbers on: the member's number in the scheme's country's format (national or
     * international); empty or null removes it. Kept in the international form.
     */
    telephoneNumber: text().max(telephoneMaxLength, 'Enter a telephone number').nullable().optional(),
  }),
  response: z.object({
    ...outcome,
    /** The account after the update; when its canSignIn is false the session has ended (SPEC §4). */
    account: accountSchema.optional(),
    /** True when the email changed and the new address waits for verification. */
    verificationRequired: z.boolean().optional(),
    fieldErrors: z.record(z.string(), z.string()).optional(),
  }),
});

/** SPEC §7 POST /api/delete-account: the member confirms with their email address. */
export const deleteAccountEndpoint = endpoint({
  method: 'POST',
  path: '/api/delete-account',
  access: { door: 'member', who: 'signed-in' },
  request: z.object({
    username: text().toLowerCase().min(1, 'Enter your email address').max(254),
  }),
  response: z.object({ ...outcome }),
});

export const publicPageNames = ['terms', 'faq', 'privacy-policy'] as const;
export type PublicPageName = (typeof publicPageNames)[number];

/** The Markdown of one public page (terms, FAQ, privacy policy), from files a deployment can replace. */
export const publicPageEndpoint = endpoint({
  method: 'GET',
  path: '/api/pages/:name',
  access: { door: 'member', who: 'public' },
  request: z.object({}),
  response: z.object({ ...outcome, markdown: z.string().optional() }),
});
export type PublicPageResponse = z.infer<typeof publicPageEndpoint.response>;
