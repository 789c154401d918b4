import sharp from 'sharp';
import type { AppContext } from '../app-context.ts';
import { storeImage } from '../images/image-service.ts';
import { scheduleCampaign } from '../marketing-mail/campaigns.ts';
import { styleGuideCampaign } from './guide-campaign.ts';

/**
 * The demo's cover: drawn here (warm wool tones, a coat's silhouette) rather than shipped as a file,
 * 1280 × 720 so every rendition width is made.
 */
async function demoCover(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720" viewBox="0 0 1280 720">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#c9b49a"/><stop offset="1" stop-color="#6e5643"/></linearGradient></defs>
    <rect width="1280" height="720" fill="url(#g)"/>
    <circle cx="1010" cy="170" r="120" fill="#e8dccb" opacity="0.55"/>
    <path d="M560 120 L720 120 L800 220 L760 640 L520 640 L480 220 Z" fill="#2f2a26"/>
    <path d="M600 120 L640 260 L680 120 Z" fill="#e8dccb"/>
    <rect x="520" y="600" width="240" height="40" fill="#221e1b"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const demoGuide = {
  title: { 'en-GB': 'Layering for winter', 'da-DK': 'Lag på lag til vinteren' },
  body: {
    'en-GB': [
      'Three layers keep you warm without bulk: something fine against the skin, something soft in the middle, and a coat that closes over both.',
      '## Start with knitwear',
      'A fine merino jumper sits flat under a jacket. Choose one a shade lighter than your coat, so the layers read as one outfit.',
      '## Finish with the coat',
      'A long wool coat in camel or charcoal goes with everything you own. See [the new season’s coats](https://shop.example.com/coats) in the private sale.',
    ].join('\n\n'),
    'da-DK': [
      'Tre lag holder dig varm uden at fylde: noget tyndt inderst, noget blødt i midten og en frakke, der lukker om begge.',
      '## Start med strik',
      'En tynd merinosweater ligger fladt under en jakke. Vælg en nuance lysere end frakken, så lagene hænger sammen.',
      '## Slut af med frakken',
      'En lang uldfrakke i kamel eller koksgrå passer til alt, du ejer. Se [sæsonens nye frakker](https://shop.example.com/coats) i det private udsalg.',
    ].join('\n\n'),
  },
};

/**
 * The demo's style guide, published two days ago with its cover, its email scheduled then (the
 * marketing job sends it to the demo member, who said yes to email: /dev/mailbox shows it). Seeded
 * once: nothing when a guide exists.
 */
export async function seedDemoGuide(ctx: AppContext): Promise<void> {
  const [existing] = await ctx.db.query('SELECT 1 FROM style_guides LIMIT 1');
  if (existing) return;
  // Not audited: a picture drawn by the app is nobody's act.
  const cover = await storeImage(ctx.db, await demoCover(), null, null);
  await ctx.db.transaction(async (tx) => {
    // One seeding at a time (several servers starting together): the second finds the guide.
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('demo-style-guide'))");
    const [again] = await tx.query('SELECT 1 FROM style_guides LIMIT 1');
    if (again) return;
    const [guide] = await tx.query<{ id: string; publish_at: Date }>(
      `INSERT INTO style_guides (title, body, cover_image_id, publish_at)
       VALUES ($1, $2, $3, now() - interval '2 days') RETURNING id, publish_at`,
      [JSON.stringify(demoGuide.title), JSON.stringify(demoGuide.body), cover.id],
    );
    if (guide) await scheduleCampaign(tx, styleGuideCampaign.kind, guide.id, new Date(guide.publish_at));
  });
}
