import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { moment } from './scheme-fields.ts';
import { imageSchema } from './stylists.ts';
import { text } from './text.ts';

/** How far apart guides come: the invitation promises bi-weekly style guides. */
export const guideRhythmDays = 14;

/** Control characters other than the line break (C0, DEL, C1), the Unicode line and paragraph separators. */
function hasControlBeyondNewline(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code === 0x0a) continue;
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029) return true;
  }
  return false;
}
/** A UTF-16 surrogate without its partner (no character; PostgreSQL's jsonb refuses it). */
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * A guide's Markdown body: written on many lines, so unlike text() it keeps line breaks (CRLF and CR
 * become LF, a tab four spaces); every other control character is refused.
 */
const markdownBody = (language: string) =>
  z.preprocess(
    (value) =>
      typeof value === 'string' ? value.replace(/\r\n?/g, '\n').replace(/\t/g, '    ').trim() : value,
    z
      .string({ error: `Write the guide in ${language}` })
      .min(1, `Write the guide in ${language}`)
      .max(20_000, 'A guide is at most 20,000 characters')
      .refine((value) => !hasControlBeyondNewline(value), 'Remove control characters (such as NUL)')
      .refine((value) => !loneSurrogate.test(value), 'This is not valid text'),
  );

const titleIn = (language: string) =>
  text({ error: `Give the title in ${language}` })
    .min(1, `Give the title in ${language}`)
    .max(120, 'A title is at most 120 characters');

export const guideInput = z.object({
  title: z.object({ 'en-GB': titleIn('English'), 'da-DK': titleIn('Danish') }),
  body: z.object({ 'en-GB': markdownBody('English'), 'da-DK': markdownBody('Danish') }),
  coverImageId: z.uuid({ error: 'Upload a cover image' }),
  publishAt: moment,
});

const staffGuide = z.object({
  id: z.string(),
  title: z.object({ 'en-GB': z.string(), 'da-DK': z.string() }),
  body: z.object({ 'en-GB': z.string(), 'da-DK': z.string() }),
  cover: imageSchema,
  publishAt: z.string(),
  /** Its publication time has come: members read it, and its email has gone or is going out. */
  published: z.boolean(),
});
export type StaffGuide = z.infer<typeof staffGuide>;

/** When the next guide is due on the bi-weekly rhythm (14 days after the latest one); null: none yet. */
const nextDue = z.object({ at: z.string().nullable(), overdue: z.boolean() });

/** The console's guides (support and up), the latest publication first, and when the next is due. */
export const staffGuidesEndpoint = endpoint({
  method: 'GET',
  path: '/staff-api/style-guides',
  access: { door: 'staff', role: 'support' },
  request: z.object({}),
  response: z.object({ guides: z.array(staffGuide), nextDue }),
});

export const createGuideEndpoint = endpoint({
  method: 'POST',
  path: '/staff-api/style-guides',
  access: { door: 'staff', role: 'manager' },
  audit: 'style_guide.create',
  status: 201,
  errors: ['ImageNotFound'],
  request: guideInput,
  response: z.object({ guide: staffGuide }),
});

/**
 * Changes a guide's words, cover or schedule. A published guide keeps its publication time (409
 * GuidePublished otherwise); a scheduled one may move to another time still to come.
 */
export const updateGuideEndpoint = endpoint({
  method: 'POST',
  path: '/staff-api/style-guides/:id',
  access: { door: 'staff', role: 'manager' },
  audit: 'style_guide.update',
  errors: ['GuideNotFound', 'GuidePublished', 'ImageNotFound'],
  request: guideInput,
  response: z.object({ guide: staffGuide }),
});

/** One locale of a guide as a member would see it, checked as a save would be; writes nothing. */
export const previewGuideEndpoint = endpoint({
  method: 'POST',
  path: '/staff-api/style-guides/preview',
  access: { door: 'staff', role: 'support' },
  request: z.object({
    locale: z.enum(['en-GB', 'da-DK']),
    title: text().max(120),
    body: z.string().max(20_000),
  }),
  response: z.object({ html: z.string() }),
});

const memberGuideSummary = z.object({
  id: z.string(),
  title: z.string(),
  cover: imageSchema,
  publishedAt: z.string(),
  /** The day it was published as the app writes a day in the scheme's locale ("30th November 2026"). */
  publishedOn: z.string(),
});
export type MemberGuideSummary = z.infer<typeof memberGuideSummary>;

const memberGuide = memberGuideSummary.extend({
  /** The body rendered from Markdown on the server: HTML off, only web links and allowed images. */
  html: z.string(),
});
export type MemberGuide = z.infer<typeof memberGuide>;

/** The published guides, newest first, in the scheme's locale. */
export const memberGuidesEndpoint = endpoint({
  method: 'GET',
  path: '/api/style-guides',
  access: { door: 'member', who: 'signed-in' },
  request: z.object({}),
  response: z.object({ guides: z.array(memberGuideSummary) }),
});

/** One published guide; one not yet published, or none, is a 404. */
export const memberGuideEndpoint = endpoint({
  method: 'GET',
  path: '/api/style-guides/:id',
  access: { door: 'member', who: 'signed-in' },
  request: z.object({}),
  response: z.object({ guide: memberGuide }),
});
