import type { Config } from '#shared/config.ts';
import { formatDayAndTime } from '#shared/domain/date-time-format.ts';
import { mailWords } from '../email/email-layout.tsx';
import type { CampaignContent, CampaignKind } from '../marketing-mail/campaigns.ts';
import { eligible } from './sale-rules.ts';

/** The words of a sale's start email in the scheme's locale, linking to Home where the code is revealed. */
export function privateSaleContent(
  config: Pick<Config, 'locale' | 'title'>,
  origin: string,
  sale: { name: Record<string, string>; endsAt: Date },
): CampaignContent {
  const w = mailWords(config).privateSale;
  const name = sale.name[config.locale] ?? sale.name['en-GB'] ?? '';
  return {
    subject: w.subject(config.title, name),
    content: {
      title: w.title(name),
      paragraphs: w.paragraphs(config.title, formatDayAndTime(sale.endsAt, config.locale)),
      action: { label: w.action, url: `${origin}/#private-sale` },
    },
  };
}

/**
 * The email at a private sale's start (marketing-mail/campaigns.ts sends it): to the consenting
 * members whose discount level the sale is for.
 */
export const privateSaleCampaign: CampaignKind = {
  kind: 'private-sale',
  async prepare(tx, ctx, saleId, recipients) {
    const [sale] = await tx.query<{ name: Record<string, string>; ends_at: Date; levels: string[] | null }>(
      'SELECT name, ends_at, levels FROM private_sales WHERE id = $1',
      [saleId],
    );
    // A sale that ended before its mail went out is not announced.
    if (!sale || new Date(sale.ends_at).getTime() <= Date.now()) return null;
    return {
      ...privateSaleContent(ctx.config, ctx.origin, { name: sale.name, endsAt: new Date(sale.ends_at) }),
      for: recipients.filter((member) => eligible(sale.levels, member.vipLevel)),
    };
  },
};
