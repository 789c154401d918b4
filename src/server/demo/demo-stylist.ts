import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Locale } from '#shared/config.ts';
import type { AppContext } from '../app-context.ts';
import { queryOne } from '../db/database.ts';
import { storeImage } from '../images/image-service.ts';

/**
 * The demo scheme's stylist (docs/operating.md, "Demo values"): Sophie Turner, a stylist with a
 * photo, an introduction in each language, contact routes that reach nobody and a home store of the
 * scheme's country, who is the demo member's personal shopper. Appointments seed on top of the ids
 * this answers. Idempotent: a second run finds what the first made.
 */

const demoPhoto = fileURLToPath(new URL('../../../content/demo/sophie-turner.jpg', import.meta.url));

const demoStylist = { email: 'sophie.turner@example.com', fullName: 'Sophie Turner' } as const;

const demoStores = {
  'en-GB': {
    code: 'REGENT-ST',
    name: 'Regent Street',
    timeZone: 'Europe/London',
    address: '200 Regent Street, London W1B 5BN',
  },
  'da-DK': {
    code: 'STROGET',
    name: 'Strøget',
    timeZone: 'Europe/Copenhagen',
    address: 'Amagertorv 1, 1160 København K',
  },
} as const;

/** Routes that reach nobody: Ofcom's drama ranges; a Danish number of the demo member's kind. */
const demoRoutes = {
  'en-GB': { workEmail: 'sophie.turner@example.com', phone: '020 7946 0123', whatsapp: '+44 7700 900456' },
  'da-DK': { workEmail: 'sophie.turner@example.com', phone: '+45 20 12 34 57', whatsapp: '+45 20 12 34 58' },
} as const;

const introduction = {
  'en-GB':
    'I have dressed people for weddings, interviews and everything in between for twelve years. Tell me what is coming up and I will have a rail ready for you.',
  'da-DK':
    'Jeg har i tolv år klædt folk på til bryllupper, jobsamtaler og alt derimellem. Fortæl mig, hvad du skal, så har jeg et stativ klar til dig.',
};

const languages: Record<Locale, string[]> = { 'en-GB': ['en', 'da'], 'da-DK': ['da', 'en'] };

/** Seeds the demo store and stylist (once) and makes her the personal shopper of `memberId` when given. */
export async function seedDemoStylist(
  ctx: AppContext,
  memberId?: string,
): Promise<{ stylistId: string; storeId: string }> {
  const locale = ctx.config.locale;
  const store = demoStores[locale];
  await ctx.db.query(
    `INSERT INTO stores (code, name, time_zone, address) VALUES ($1, $2, $3, $4) ON CONFLICT (code) DO NOTHING`,
    [store.code, store.name, store.timeZone, store.address],
  );
  const storeRow = await queryOne<{ id: string }>(ctx.db, 'SELECT id FROM stores WHERE code = $1', [
    store.code,
  ]);
  if (!storeRow) throw new Error('the demo store was not written');
  await ctx.db.query(
    `INSERT INTO staff_members (email, full_name, role, is_stylist) VALUES ($1, $2, 'support', true)
     ON CONFLICT DO NOTHING`,
    [demoStylist.email, demoStylist.fullName],
  );
  const staff = await queryOne<{ id: string }>(ctx.db, 'SELECT id FROM staff_members WHERE email = $1', [
    demoStylist.email,
  ]);
  if (!staff) throw new Error('the demo stylist was not written');
  const profile = await queryOne(ctx.db, 'SELECT 1 FROM stylist_profiles WHERE staff_id = $1', [staff.id]);
  if (!profile) {
    // Through the same pipeline as a staff upload: checked, resized, stored in the database. Not
    // audited: a picture shipped with the app is nobody's act (and the demo seeding through the
    // partner API leaves its one audit row, as every partner write does).
    const photo = await storeImage(ctx.db, await readFile(demoPhoto), staff.id, null);
    const routes = demoRoutes[locale];
    await ctx.db.query(
      `INSERT INTO stylist_profiles
         (staff_id, display_name, photo_image_id, introduction, home_store_id, languages, work_email, phone, whatsapp)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (staff_id) DO NOTHING`,
      [
        staff.id,
        demoStylist.fullName,
        photo.id,
        JSON.stringify(introduction),
        storeRow.id,
        languages[locale],
        routes.workEmail,
        routes.phone,
        routes.whatsapp,
      ],
    );
  }
  if (memberId) {
    await ctx.db.query(
      'UPDATE accounts SET personal_shopper_id = $2 WHERE id = $1 AND personal_shopper_id IS NULL',
      [memberId, staff.id],
    );
  }
  return { stylistId: staff.id, storeId: storeRow.id };
}
