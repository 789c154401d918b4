import type { Config } from '#shared/config.ts';
import { mailWords } from '../email/email-layout.tsx';
import type { CampaignContent, CampaignKind } from '../marketing-mail/campaigns.ts';

/** The words of a guide's email in the scheme's locale, linking to the guide's page. */
export function styleGuideContent(
  config: Pick<Config, 'locale' | 'title'>,
  origin: string,
  guide: { id: string; title: Record<string, string> },
): CampaignContent {
  const w = mailWords(config).styleGuide;
  const title = guide.title[config.locale] ?? guide.title['en-GB'] ?? '';
  return {
    subject: w.subject(config.title, title),
    content: {
      title,
      paragraphs: w.paragraphs(config.title),
      action: { label: w.action, url: `${origin}/style-guides/${guide.id}` },
    },
  };
}

/**
 * The email at a guide's publication (marketing-mail/campaigns.ts sends it, once per member, to
 * every member who consents to email when their batch is written).
 */
export const styleGuideCampaign: CampaignKind = {
  kind: 'style-guide',
  async prepare(tx, ctx, guideId, recipients) {
    const [guide] = await tx.query<{ title: Record<string, string> }>(
      'SELECT title FROM style_guides WHERE id = $1 AND publish_at <= now()',
      [guideId],
    );
    if (!guide) return null;
    return {
      ...styleGuideContent(ctx.config, ctx.origin, { id: guideId, title: guide.title }),
      for: recipients,
    };
  },
};
