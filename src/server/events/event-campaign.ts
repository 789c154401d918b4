import type { Config } from '#shared/config.ts';
import { formatAppointmentTime } from '#shared/domain/appointment-time.ts';
import { mailWords } from '../email/email-layout.tsx';
import type { CampaignContent, CampaignKind } from '../marketing-mail/campaigns.ts';
import { type EventRow, eventSelect, localText } from './event-rules.ts';

/** The invitation's words in the scheme's locale, linking to the events page. */
export function eventInvitationContent(
  config: Pick<Config, 'locale' | 'title'>,
  origin: string,
  event: EventRow,
): CampaignContent {
  const w = mailWords(config).event.invitation;
  const title = localText(event.title, config.locale);
  const when = formatAppointmentTime(event.starts_at, config.locale, event.time_zone);
  const where = event.place_address ? `${event.place_name}, ${event.place_address}` : event.place_name;
  const deadline = formatAppointmentTime(event.rsvp_deadline, config.locale, event.time_zone);
  return {
    subject: w.subject(config.title, title),
    content: {
      title: w.title(title),
      paragraphs: [localText(event.description, config.locale), ...w.paragraphs(when, where, deadline)],
      action: { label: w.action, url: `${origin}/events` },
    },
  };
}

/**
 * The invitation (marketing mail, marketing-mail/campaigns.ts sends it once per member): to the
 * consenting members of the event's audience, while the event may still be answered.
 */
export const eventCampaign: CampaignKind = {
  kind: 'event',
  async prepare(tx, ctx, eventId, recipients) {
    const [event] = await tx.query<EventRow>(`${eventSelect} WHERE e.id = $1`, [eventId]);
    if (!event || event.cancelled_at || new Date(event.rsvp_deadline).getTime() <= Date.now()) return null;
    let audience = recipients;
    if (event.audience === 'levels')
      audience = recipients.filter(
        (member) => member.vipLevel !== null && event.levels?.includes(member.vipLevel),
      );
    if (event.audience === 'members') {
      const invited = await tx.query<{ account_id: string }>(
        'SELECT account_id FROM event_invitees WHERE event_id = $1 AND account_id = ANY ($2::uuid[])',
        [eventId, recipients.map((member) => member.id)],
      );
      const ids = new Set(invited.map((row) => row.account_id));
      audience = recipients.filter((member) => ids.has(member.id));
    }
    return { ...eventInvitationContent(ctx.config, ctx.origin, event), for: audience };
  },
};
