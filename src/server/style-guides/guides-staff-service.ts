import type { z } from 'zod';
import { type guideInput, guideRhythmDays, type StaffGuide } from '#shared/api/style-guides.ts';
import type { AppContext } from '../app-context.ts';
import type { Audit } from '../audit/audit-log.ts';
import type { Queryable } from '../db/database.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { findImage } from '../images/image-service.ts';
import { scheduleCampaign } from '../marketing-mail/campaigns.ts';
import { styleGuideCampaign } from './guide-campaign.ts';
import { linkProblems, renderGuide } from './guide-markdown.ts';

type GuideInput = z.output<typeof guideInput>;

/** How long ago a publication time may be: the console's times are to the minute. */
const pastSlackMs = 10 * 60_000;
const dayMs = 86_400_000;

interface GuideRow {
  id: string;
  title: Record<string, string>;
  body: Record<string, string>;
  cover_image_id: string;
  publish_at: Date;
  published: boolean;
}

const guideSelect = `SELECT id, title, body, cover_image_id, publish_at, publish_at <= now() AS published
  FROM style_guides`;

export const isGuideId = (id: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

const noSuchGuide = () => notFound('GuideNotFound', 'There is no such style guide.');

function fieldError(field: string, message: string) {
  return badRequest('InvalidRequest', `Invalid request: ${message}`, { fieldErrors: { [field]: message } });
}

async function staffGuideOf(db: Queryable, row: GuideRow): Promise<StaffGuide> {
  const cover = await findImage(db, row.cover_image_id);
  if (!cover) throw new Error(`style guide ${row.id} has no cover image`);
  return {
    id: row.id,
    title: { 'en-GB': row.title['en-GB'] ?? '', 'da-DK': row.title['da-DK'] ?? '' },
    body: { 'en-GB': row.body['en-GB'] ?? '', 'da-DK': row.body['da-DK'] ?? '' },
    cover,
    publishAt: new Date(row.publish_at).toISOString(),
    published: row.published,
  };
}

/** Every guide, the latest publication first, and when the next is due on the bi-weekly rhythm. */
export async function listGuides(db: Queryable) {
  const rows = await db.query<GuideRow>(`${guideSelect} ORDER BY publish_at DESC, id LIMIT 200`);
  const guides = await Promise.all(rows.map((row) => staffGuideOf(db, row)));
  const latest = rows[0];
  const dueAt = latest ? new Date(new Date(latest.publish_at).getTime() + guideRhythmDays * dayMs) : null;
  // Overdue once the due day has passed: the console writes the day, so the day it falls on is "due".
  const overdue = dueAt !== null && dueAt.getTime() + dayMs <= Date.now();
  return { guides, nextDue: { at: dueAt?.toISOString() ?? null, overdue } };
}

async function guideById(db: Queryable, id: string): Promise<StaffGuide> {
  const [row] = await db.query<GuideRow>(`${guideSelect} WHERE id = $1`, [id]);
  if (!row) throw noSuchGuide();
  return staffGuideOf(db, row);
}

/** The links a save refuses, in either locale's body: a 400 naming them, before anything is written. */
function checkLinks(body: GuideInput['body']): void {
  for (const locale of ['en-GB', 'da-DK'] as const) {
    const problems = linkProblems(body[locale]);
    if (problems.length)
      throw fieldError(
        `body.${locale}`,
        `Links may only go to web pages (https://…) and images must be uploaded or https: ${problems.join(', ')}`,
      );
  }
}

async function checkCover(db: Queryable, imageId: string): Promise<void> {
  if (!(await findImage(db, imageId)))
    throw badRequest('ImageNotFound', 'The cover image was not found: upload it again.', {
      fieldErrors: { coverImageId: 'Upload a cover image' },
    });
}

function checkFuture(publishAt: Date): void {
  if (publishAt.getTime() < Date.now() - pastSlackMs)
    throw fieldError('publishAt', 'A guide cannot be published in the past: choose a time to come');
}

/** A new guide, audited, its email scheduled for its publication in the same transaction. */
export async function createGuide(ctx: AppContext, input: GuideInput, staffId: string, audit: Audit) {
  const publishAt = new Date(input.publishAt);
  checkFuture(publishAt);
  checkLinks(input.body);
  const guide = await ctx.db.transaction(async (tx) => {
    await checkCover(tx, input.coverImageId);
    const [row] = await tx.query<{ id: string }>(
      `INSERT INTO style_guides (title, body, cover_image_id, publish_at, created_by)
       VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [JSON.stringify(input.title), JSON.stringify(input.body), input.coverImageId, publishAt, staffId],
    );
    const id = (row as { id: string }).id;
    await scheduleCampaign(tx, styleGuideCampaign.kind, id, publishAt);
    await audit(tx, {
      change: { guide: id, title: input.title['en-GB'], publishAt: publishAt.toISOString() },
    });
    return guideById(tx, id);
  });
  if (publishAt.getTime() <= Date.now()) ctx.marketingMail.wake();
  return guide;
}

/**
 * A guide's new words, cover or time, audited. A published guide's time stays as it is (its email
 * has gone out): another is 409 GuidePublished. A scheduled guide moves to another time to come, and
 * its email with it.
 */
export async function updateGuide(ctx: AppContext, id: string, input: GuideInput, audit: Audit) {
  if (!isGuideId(id)) throw noSuchGuide();
  const publishAt = new Date(input.publishAt);
  checkLinks(input.body);
  const guide = await ctx.db.transaction(async (tx) => {
    const [current] = await tx.query<{ publish_at: Date; published: boolean }>(
      'SELECT publish_at, publish_at <= now() AS published FROM style_guides WHERE id = $1 FOR UPDATE',
      [id],
    );
    if (!current) throw noSuchGuide();
    const moved = new Date(current.publish_at).getTime() !== publishAt.getTime();
    if (current.published && moved)
      throw conflict(
        'GuidePublished',
        'This guide is published: its publication time cannot change (its email has been sent).',
        { fieldErrors: { publishAt: 'A published guide keeps its publication time' } },
      );
    if (moved) checkFuture(publishAt);
    await checkCover(tx, input.coverImageId);
    await tx.query(
      `UPDATE style_guides SET title = $2, body = $3, cover_image_id = $4, publish_at = $5, updated_at = now()
        WHERE id = $1`,
      [id, JSON.stringify(input.title), JSON.stringify(input.body), input.coverImageId, publishAt],
    );
    if (moved) await scheduleCampaign(tx, styleGuideCampaign.kind, id, publishAt);
    await audit(tx, {
      change: {
        guide: id,
        title: input.title['en-GB'],
        publishAt: publishAt.toISOString(),
        ...(moved ? { movedFrom: new Date(current.publish_at).toISOString() } : {}),
      },
    });
    return guideById(tx, id);
  });
  if (publishAt.getTime() <= Date.now()) ctx.marketingMail.wake();
  return guide;
}

/** One locale of a guide as members would see it; refused as a save would refuse it. */
export function previewGuide(input: { locale: 'en-GB' | 'da-DK'; body: string }): { html: string } {
  const problems = linkProblems(input.body);
  if (problems.length)
    throw fieldError(
      'body',
      `Links may only go to web pages (https://…) and images must be uploaded or https: ${problems.join(', ')}`,
    );
  return { html: renderGuide(input.body) };
}
