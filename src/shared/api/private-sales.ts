import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { bothLocales, moment, oneParagraph } from './scheme-fields.ts';
import { text } from './text.ts';

/**
 * What a shop's discount code may hold: letters, digits, dash and underscore, as web shops accept,
 * starting with a letter or digit (so no spreadsheet reads the exported list as formulas).
 */
const saleCodePattern = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
const codeMessage =
  'A code is 1 to 64 letters, digits, dashes or underscores, starting with a letter or digit';

/** Most unique codes one request may import or generate. */
const maxCodesPerRequest = 20_000;

const saleCode = text({ error: codeMessage }).regex(saleCodePattern, codeMessage);

/** How the sale's codes are made: one shared code, a list of unique codes, or unique codes generated. */
const codeChoice = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('shared'), code: saleCode }),
    z.object({
      kind: z.literal('list'),
      codes: z.array(saleCode).min(1, 'List at least one code').max(maxCodesPerRequest),
    }),
    z.object({ kind: z.literal('generate'), count: z.number().int().min(1).max(maxCodesPerRequest) }),
  ],
  { error: 'Choose one shared code, a list of codes or generated codes' },
);

export const createSaleRequest = z.object({
  name: bothLocales(80, 'name'),
  description: z.object({
    'en-GB': z.preprocess(oneParagraph, text({ error: 'Describe the sale in English' }).min(1).max(600)),
    'da-DK': z.preprocess(oneParagraph, text({ error: 'Describe the sale in Danish' }).min(1).max(600)),
  }),
  startsAt: moment,
  endsAt: moment,
  /** Discount levels that may shop (accounts' vipLevel); null: every member. */
  levels: z
    .array(text().min(1).max(40))
    .min(1, 'Choose at least one level, or all members')
    .max(50)
    .nullable(),
  shopUrl: z.url({ protocol: /^https?$/, error: "Give the shop's address (https://…)" }).max(500),
  codes: codeChoice,
});

const staffSale = z.object({
  id: z.string(),
  name: z.object({ 'en-GB': z.string(), 'da-DK': z.string() }),
  description: z.object({ 'en-GB': z.string(), 'da-DK': z.string() }),
  startsAt: z.string(),
  endsAt: z.string(),
  levels: z.array(z.string()).nullable(),
  shopUrl: z.string(),
  codeKind: z.enum(['shared', 'unique']),
  /** Unique codes: how many, and how many members have been given one. */
  codes: z.object({ total: z.number(), given: z.number() }),
  revealed: z.number(),
});
export type StaffSale = z.infer<typeof staffSale>;

/** The console's private sales (support and up): the newest first, with their code stock. */
export const staffSalesEndpoint = endpoint({
  method: 'GET',
  path: '/staff-api/private-sales',
  access: { door: 'staff', role: 'support' },
  request: z.object({}),
  response: z.object({ sales: z.array(staffSale), levels: z.array(z.string()) }),
});

export const createSaleEndpoint = endpoint({
  method: 'POST',
  path: '/staff-api/private-sales',
  access: { door: 'staff', role: 'manager' },
  audit: 'private_sale.create',
  status: 201,
  request: createSaleRequest,
  response: z.object({ sale: staffSale }),
});

/** More unique codes for a sale: a list (refused whole if one is already the sale's) or generated. */
export const addSaleCodesEndpoint = endpoint({
  method: 'POST',
  path: '/staff-api/private-sales/:id/codes',
  access: { door: 'staff', role: 'manager' },
  audit: 'private_sale.add_codes',
  request: z.object({ codes: codeChoice }),
  response: z.object({ sale: staffSale }),
});

/** The sale's codes as CSV for the web shop (code, given, revealed at). */
export const exportSaleCodesEndpoint = endpoint({
  method: 'GET',
  path: '/staff-api/private-sales/:id/codes.csv',
  access: { door: 'staff', role: 'manager' },
  request: z.object({}),
  response: z.string(),
  contentType: 'text/csv',
});

const memberSale = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  shopUrl: z.string(),
  /** The member's code once revealed (the same at every visit), else null. */
  code: z.string().nullable(),
});
export type MemberSale = z.infer<typeof memberSale>;

/** Home's private sales: the live one the member may shop, and the next one, each in the scheme's locale. */
export const memberSalesEndpoint = endpoint({
  method: 'GET',
  path: '/api/private-sales',
  access: { door: 'member', who: 'signed-in' },
  request: z.object({}),
  response: z.object({
    live: memberSale.nullable(),
    next: memberSale.omit({ code: true, shopUrl: true }).nullable(),
  }),
});

/** Reveals the member's code for a live sale they may shop (recorded; always the same code). */
export const revealCodeEndpoint = endpoint({
  method: 'POST',
  path: '/api/private-sales/:id/reveal',
  access: { door: 'member', who: 'signed-in' },
  request: z.object({}),
  response: z.object({ code: z.string(), shopUrl: z.string() }),
});
