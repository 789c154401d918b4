import type { MemberGuide, MemberGuideSummary } from '#shared/api/style-guides.ts';
import type { Config } from '#shared/config.ts';
import { formatDayWithYear } from '#shared/domain/date-time-format.ts';
import type { Queryable } from '../db/database.ts';
import { notFound } from '../http/errors.ts';
import { findImage } from '../images/image-service.ts';
import { renderGuide } from './guide-markdown.ts';
import { isGuideId } from './guides-staff-service.ts';

interface Row {
  id: string;
  title: Record<string, string>;
  body: Record<string, string>;
  cover_image_id: string;
  publish_at: Date;
}

async function summaryOf(db: Queryable, locale: Config['locale'], row: Row): Promise<MemberGuideSummary> {
  const cover = await findImage(db, row.cover_image_id);
  if (!cover) throw new Error(`style guide ${row.id} has no cover image`);
  return {
    id: row.id,
    title: row.title[locale] ?? row.title['en-GB'] ?? '',
    cover,
    publishedAt: new Date(row.publish_at).toISOString(),
    // Written here, so the members' pages need no date formatter of their own (Home's first load is
    // at its budget, and the formatter's chunk would be one more name in its preload list).
    publishedOn: formatDayWithYear(new Date(row.publish_at), locale),
  };
}

/** The published guides, newest first (reads are not recorded: nothing to export or erase). */
export async function publishedGuides(
  db: Queryable,
  config: Pick<Config, 'locale'>,
  limit = 100,
): Promise<MemberGuideSummary[]> {
  const rows = await db.query<Row>(
    `SELECT id, title, body, cover_image_id, publish_at FROM style_guides
      WHERE publish_at <= now() ORDER BY publish_at DESC, id LIMIT $1`,
    [limit],
  );
  return Promise.all(rows.map((row) => summaryOf(db, config.locale, row)));
}

/** One published guide with its body rendered; a guide not yet published is as missing as no guide. */
export async function publishedGuide(
  db: Queryable,
  config: Pick<Config, 'locale'>,
  id: string,
): Promise<MemberGuide> {
  const missing = () => notFound('NotFound', 'There is no such style guide.');
  if (!isGuideId(id)) throw missing();
  const [row] = await db.query<Row>(
    `SELECT id, title, body, cover_image_id, publish_at FROM style_guides
      WHERE id = $1 AND publish_at <= now()`,
    [id],
  );
  if (!row) throw missing();
  const body = row.body[config.locale] ?? row.body['en-GB'] ?? '';
  return { ...(await summaryOf(db, config.locale, row)), html: renderGuide(body) };
}
