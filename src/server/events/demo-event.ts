import type { AppContext } from '../app-context.ts';
import { scheduleCampaign } from '../marketing-mail/campaigns.ts';
import { eventCampaign } from './event-campaign.ts';

/**
 * The demo's event: an evening in the demo store ten days from now, for every member (the demo
 * member among them), 40 places, a guest each, answers until two days before; its invitation goes
 * out at once (the demo member said yes to email: /dev/mailbox shows it). Seeded once.
 */
export async function seedDemoEvent(ctx: AppContext, storeId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('demo-event'))");
    const [existing] = await tx.query('SELECT 1 FROM events LIMIT 1');
    if (existing) return;
    const [event] = await tx.query<{ id: string }>(
      `INSERT INTO events (title, description, store_id, time_zone, starts_at, ends_at, rsvp_deadline,
                           capacity, guests_allowed, audience)
       SELECT $1, $2, s.id, s.time_zone, t.starts, t.starts + interval '2 hours 30 minutes',
              t.starts - interval '2 days', 40, 1, 'all'
         FROM stores s,
              LATERAL (SELECT (date_trunc('day', (now() + interval '10 days') AT TIME ZONE s.time_zone)
                                + interval '18 hours 30 minutes') AT TIME ZONE s.time_zone AS starts) t
        WHERE s.id = $3
       RETURNING id`,
      [
        JSON.stringify({
          'en-GB': 'Winter collection preview evening',
          'da-DK': 'Forpremiere på vinterkollektionen',
        }),
        JSON.stringify({
          'en-GB':
            'See the winter collection before it reaches the shop floor, with drinks and our stylists on hand.',
          'da-DK':
            'Se vinterkollektionen, før den kommer i butikken, med forfriskninger og vores stylister til stede.',
        }),
        storeId,
      ],
    );
    if (event) await scheduleCampaign(tx, eventCampaign.kind, event.id, new Date());
  });
}
