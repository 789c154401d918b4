import { formatMoney } from '#shared/domain/format.ts';
import type { AppContext } from '../app-context.ts';
import { scheduleCampaign } from '../marketing-mail/campaigns.ts';
import { schemeCurrency } from '../members/account-service.ts';
import { privateSaleCampaign } from './sale-campaign.ts';

/** The demo member's discount level (demo-data.ts): the demo sale is for it. */
const demoLevel = '20%';

/** The demo scheme's shops' time zone: the sale ends at six in the evening there, as a real one would. */
const demoTimeZone = { 'en-GB': 'Europe/London', 'da-DK': 'Europe/Copenhagen' } as const;

/**
 * The demo's private sale, live from an hour ago until 18:00 a fortnight later, for the demo member's level, with
 * generated codes and its start email (the marketing job sends it to the demo member, who said yes
 * to email: /dev/mailbox shows it). Seeded once: nothing when a sale exists.
 */
export async function seedDemoSale(ctx: AppContext): Promise<void> {
  const { config } = ctx;
  const over = formatMoney(10_000, schemeCurrency(config), config.locale);
  await ctx.db.transaction(async (tx) => {
    // One seeding at a time (several servers starting together): the second finds the sale.
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('demo-private-sale'))");
    const [existing] = await tx.query('SELECT 1 FROM private_sales LIMIT 1');
    if (existing) return;
    const [sale] = await tx.query<{ id: string; starts_at: Date }>(
      `INSERT INTO private_sales (name, description, starts_at, ends_at, levels, shop_url, code_kind)
       VALUES ($1, $2, now() - interval '1 hour',
               (date_trunc('day', (now() + interval '14 days') AT TIME ZONE $5) + interval '18 hours')
                 AT TIME ZONE $5,
               $3, $4, 'unique')
       RETURNING id, starts_at`,
      [
        JSON.stringify({ 'en-GB': 'Winter private sale', 'da-DK': 'Privat vinterudsalg' }),
        JSON.stringify({
          'en-GB': `Up to 40% off the new season's coats and knitwear, for members only. Free delivery on orders over ${over}.`,
          'da-DK': `Op til 40 % på sæsonens nye frakker og strik, kun for medlemmer. Gratis levering ved køb over ${over}.`,
        }),
        [demoLevel],
        'https://shop.example.com/private-sale',
        demoTimeZone[config.locale],
      ],
    );
    if (!sale) return;
    await tx.query(
      `INSERT INTO private_sale_codes (sale_id, code)
       SELECT $1, 'WINTER-' || lpad(n::text, 4, '0') FROM generate_series(1, 200) AS n`,
      [sale.id],
    );
    await scheduleCampaign(tx, privateSaleCampaign.kind, sale.id, new Date(sale.starts_at));
  });
}
