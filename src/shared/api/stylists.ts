import { z } from 'zod';
import { locales } from '../config.ts';
import { emailField } from './common.ts';
import { endpoint } from './endpoint.ts';
import { text } from './text.ts';

/**
 * The scheme's stores, staff images, stylists and each member's personal shopper: the staff
 * console's doors under /staff-api, the public image door and the member's own personal shopper.
 */

// --- Stores -----------------------------------------------------------------------------------

const storeFields = {
  code: text()
    .min(1, 'Enter the store code')
    .max(40)
    .regex(/^[A-Za-z0-9_-]+$/, 'Use letters, digits, - and _ only'),
  name: text().min(1, 'Enter the store name').max(120),
  /** An IANA time zone (Europe/London); checked against the runtime's list. */
  timeZone: text()
    .min(1, 'Enter the time zone')
    .max(64)
    .refine(isTimeZone, 'Enter an IANA time zone, such as Europe/London'),
  address: text().max(300).default(''),
};

/** Whether the runtime knows the IANA time zone (Intl refuses an unknown one). */
function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone.includes('/') || zone === 'UTC';
  } catch {
    return false;
  }
}

export const storeSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  timeZone: z.string(),
  address: z.string(),
});

export const storesEndpoint = endpoint({
  method: 'GET',
  path: '/staff-api/stores',
  access: { door: 'staff', role: 'support' },
  request: z.object({}),
  response: z.object({ stores: z.array(storeSchema) }),
});

export const createStoreEndpoint = endpoint({
  method: 'POST',
  path: '/staff-api/stores',
  audit: 'store.create',
  access: { door: 'staff', role: 'admin' },
  status: 201,
  request: z.object(storeFields),
  response: z.object({ store: storeSchema }),
});

export const updateStoreEndpoint = endpoint({
  method: 'POST',
  path: '/staff-api/stores/update',
  audit: 'store.update',
  access: { door: 'staff', role: 'admin' },
  request: z.object({ id: z.uuid('Name the store'), ...storeFields }),
  response: z.object({ store: storeSchema }),
});

// --- Images -----------------------------------------------------------------------------------

/** The widths an image is kept at (never wider than the original). */
export const imageWidths = [160, 320, 640, 1280] as const;
/** The largest upload accepted (413 above it). */
export const imageUploadLimitBytes = 10 * 1024 * 1024;

/** An uploaded image as pages use it: each kept width and the height at that width. */
export const imageSchema = z.object({
  id: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  renditions: z.array(z.object({ width: z.number().int(), height: z.number().int(), url: z.string() })),
});

/**
 * The image is the raw request body (application/octet-stream); what it is, is decided by decoding
 * it, never by its name or declared type.
 */
export const uploadImageEndpoint = endpoint({
  method: 'POST',
  path: '/staff-api/images',
  audit: 'image.upload',
  access: { door: 'staff', role: 'support' },
  status: 201,
  rawBody: true,
  request: z.instanceof(Uint8Array),
  errors: ['NotAnImage', 'BodyTooLarge'],
  response: z.object({ image: imageSchema }),
});

/** One rendition, public (a member's page shows it): immutable, so cached for a year. */
export const imageRenditionEndpoint = endpoint({
  method: 'GET',
  path: '/api/images/:id/:file',
  access: { door: 'member', who: 'public' },
  request: z.object({}),
  response: z.instanceof(Uint8Array),
});

// --- Stylists ---------------------------------------------------------------------------------

const localeText = text().max(600);
const phoneField = text()
  .max(30)
  .regex(/^\+?[0-9][0-9 ()-]{4,24}$/, 'Enter a telephone number: digits, spaces, ( ) - and a leading +');

export const stylistProfileInput = z.object({
  displayName: text().min(1, 'Enter the name members see').max(80),
  photoImageId: z.uuid('Upload a photo').nullable().default(null),
  introduction: z.object(Object.fromEntries(locales.map((l) => [l, localeText.default('')]))).prefault({}),
  homeStoreId: z.uuid('Choose a store').nullable().default(null),
  languages: z
    .array(
      text()
        .min(2)
        .max(12)
        .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, 'Use language tags such as en or da'),
    )
    .max(12)
    .default([]),
  workEmail: emailField.nullable().default(null),
  phone: phoneField.nullable().default(null),
  /** International format with the country code: wa.me links need it. */
  whatsapp: text()
    .max(30)
    .regex(/^\+[1-9][0-9 ]{6,20}$/, 'Enter the number with its country code, such as +44 7700 900123')
    .nullable()
    .default(null),
});

const imageRef = imageSchema.nullable();

export const stylistProfileSchema = z.object({
  staffId: z.string(),
  displayName: z.string(),
  photo: imageRef,
  introduction: z.record(z.string(), z.string()),
  homeStore: storeSchema.nullable(),
  languages: z.array(z.string()),
  workEmail: z.string().nullable(),
  phone: z.string().nullable(),
  whatsapp: z.string().nullable(),
});

/** A stylist as the console lists them (profile: null until they have written one). */
const stylistListing = z.object({
  staffId: z.string(),
  fullName: z.string(),
  email: z.string(),
  active: z.boolean(),
  profile: stylistProfileSchema.nullable(),
});

export const stylistsEndpoint = endpoint({
  method: 'GET',
  path: '/staff-api/stylists',
  access: { door: 'staff', role: 'support' },
  request: z.object({}),
  response: z.object({ stylists: z.array(stylistListing) }),
});

export const setStylistEndpoint = endpoint({
  method: 'POST',
  path: '/staff-api/staff/stylist',
  audit: 'staff.stylist',
  access: { door: 'staff', role: 'admin' },
  request: z.object({ id: z.uuid('Name the staff member'), isStylist: z.boolean() }),
  response: z.object({ id: z.string(), isStylist: z.boolean() }),
});

/** A stylist's own profile (an admin: anyone's); the profile is null until first saved. */
export const stylistProfileEndpoint = endpoint({
  method: 'GET',
  path: '/staff-api/stylist-profile',
  access: { door: 'staff', role: 'support' },
  request: z.object({ staffId: z.uuid('Name the stylist') }),
  response: z.object({ fullName: z.string(), profile: stylistProfileSchema.nullable() }),
});

export const saveStylistProfileEndpoint = endpoint({
  method: 'POST',
  path: '/staff-api/stylist-profile',
  audit: 'stylist.profile',
  access: { door: 'staff', role: 'support' },
  request: stylistProfileInput.extend({ staffId: z.uuid('Name the stylist') }),
  errors: ['NotAStylist', 'StoreNotFound', 'ImageNotFound', 'NotYourProfile'],
  response: z.object({ profile: stylistProfileSchema }),
});

// --- Personal shopper -------------------------------------------------------------------------

/** The console's member page: the member's personal shopper and the stylists a manager may choose. */
export const memberShopperEndpoint = endpoint({
  method: 'GET',
  path: '/staff-api/member/personal-shopper',
  access: { door: 'staff', role: 'support' },
  request: z.object({ loyaltyId: text().min(1).max(40) }),
  errors: ['MemberNotFound'],
  response: z.object({
    personalShopper: z.object({ staffId: z.string(), name: z.string() }).nullable(),
    choices: z.array(z.object({ staffId: z.string(), name: z.string() })),
  }),
});

export const setPersonalShopperEndpoint = endpoint({
  method: 'POST',
  path: '/staff-api/member/personal-shopper',
  audit: 'member.personal_shopper',
  access: { door: 'staff', role: 'manager' },
  request: z.object({
    loyaltyId: text().min(1).max(40),
    /** null: the member has none (they see customer services). */
    staffId: z.uuid('Choose a stylist').nullable(),
  }),
  errors: ['NotAStylist', 'MemberNotFound'],
  response: z.object({ success: z.literal(true) }),
});

/** An invitation from the console: from the signed-in staff member (their personal shopper when a stylist). */
export const staffInviteEndpoint = endpoint({
  method: 'POST',
  path: '/staff-api/invites',
  audit: 'invite.create',
  access: { door: 'staff', role: 'support' },
  status: 201,
  request: z.object({
    email: emailField,
    name: text().min(1, 'Enter their name').max(120),
    existing: z.boolean().default(false),
  }),
  errors: ['AlreadyMember'],
  response: z.object({ email: z.string(), expiresAt: z.string(), fromStylist: z.boolean() }),
});

/** What a member sees of their personal shopper: words in the member's own language. */
const personalShopperSchema = z.object({
  displayName: z.string(),
  photo: imageRef,
  introduction: z.string(),
  homeStore: z.object({ name: z.string(), address: z.string() }).nullable(),
  languages: z.array(z.string()),
  workEmail: z.string().nullable(),
  phone: z.string().nullable(),
  whatsapp: z.string().nullable(),
});

export const personalShopperEndpoint = endpoint({
  method: 'GET',
  path: '/api/personal-shopper',
  access: { door: 'member', who: 'signed-in' },
  request: z.object({}),
  response: z.object({ success: z.literal(true), personalShopper: personalShopperSchema.nullable() }),
});
