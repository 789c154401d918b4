import type { Mail } from '../../src/server/email/mailer.ts';
import { eventInvitationContent } from '../../src/server/events/event-campaign.ts';
import { campaignMail } from '../../src/server/marketing-mail/campaigns.ts';
import { privateSaleContent } from '../../src/server/private-sales/sale-campaign.ts';
import { styleGuideContent } from '../../src/server/style-guides/guide-campaign.ts';
import { parseConfig } from '../../src/shared/config.ts';
import { mailEvent } from './event-fixture.ts';

const origin = 'https://members.example-retailer.co.uk';
const to = 'alexandra.montgomery-smythe@example.com';
/** A token as long as a real one. */
const token = 'Qx3v9PZb1hT0mYwK7sLr2cJf8nGdE5aUoVi4RkHqWzX';

/** Every marketing email (with its unsubscribe link and headers), as the app builds it, for one configuration. */
export async function everyMarketingEmail(
  overrides: Record<string, unknown> = {},
): Promise<{ name: string; mail: Mail }[]> {
  const config = parseConfig({ title: 'Members Club', ...overrides });
  const sale = privateSaleContent(config, origin, {
    name: {
      'en-GB': 'The winter private sale for members',
      'da-DK': 'Det private vinterudsalg for medlemmer',
    },
    endsAt: new Date('2026-12-24T18:00:00Z'),
  });
  const guide = styleGuideContent(config, origin, {
    id: '0b6c54f6-5b7e-4c8e-9a55-7d0f1f3f2a11',
    title: {
      'en-GB': 'Layering for a northern winter, from knitwear to the long coat',
      'da-DK': 'Lag på lag til en nordisk vinter, fra strik til den lange frakke',
    },
  });
  const invitation = eventInvitationContent(config, origin, mailEvent);
  return [
    { name: 'private-sale-started', mail: (await campaignMail(config, origin, sale))(to, token) },
    { name: 'style-guide-published', mail: (await campaignMail(config, origin, guide))(to, token) },
    { name: 'event-invitation', mail: (await campaignMail(config, origin, invitation))(to, token) },
  ];
}
