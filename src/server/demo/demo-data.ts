import type { AppContext } from '../app-context.ts';
import { seedDemoAppointments } from '../appointments/demo-appointments.ts';
import { seedDemoEvent } from '../events/demo-event.ts';
import { notFound } from '../http/errors.ts';
import {
  type AccountRow,
  createAccount,
  EmailTakenError,
  schemeCurrency,
} from '../members/account-service.ts';
import { findAccountByProvenEmail } from '../members/email-proof.ts';
import { hashPassword } from '../passwords/passwords.ts';
import { seedDemoHistory } from '../points/demo-history.ts';
import { seedDemoSale } from '../private-sales/demo-sale.ts';
import { seedDemoStoreVisits } from '../scan/demo-store.ts';
import { seedDemoGuide } from '../style-guides/demo-guide.ts';
import { seedDemoStylist } from './demo-stylist.ts';

export const demoMember = {
  email: 'demo@example.com',
  password: 'demo-password-2026',
  fullName: 'Alex Morgan',
} as const;

/** A telephone number of the scheme's country that reaches nobody (UK: Ofcom's range for drama). */
const demoTelephone = { 'en-GB': '+44 7700 900123', 'da-DK': '+45 20 12 34 56' } as const;

/** What seeding answers: whether it created the member, and how to sign in as them. */
function seeded(created: boolean, account: AccountRow) {
  const { email, password } = demoMember;
  return { created, email, password, loyaltyId: account.loyalty_id };
}

/**
 * Seeds the demo member (once); answers what exists, so running it twice changes nothing. Never in
 * production: its email and password are published in the README, so it would be an open account.
 */
export async function seedDemo(ctx: AppContext) {
  if (ctx.production) {
    throw notFound(
      'NotFound',
      'There is no demo member in production: POST /demo seeds one in development only.',
    );
  }
  const existing = await findAccountByProvenEmail(ctx.db, demoMember.email);
  if (existing) {
    await seedDemoHistory(ctx, existing);
    await seedDemoRelationship(ctx, existing.id);
    return seeded(false, existing);
  }
  const passwordHash = await hashPassword(demoMember.password);
  const account = await createDemoMember(ctx, passwordHash);
  // Another server starting at the same moment on the same database seeded the member first: it
  // seeds the history too.
  if (!account.created) return seeded(false, account.row);
  await seedDemoHistory(ctx, account.row);
  await seedDemoRelationship(ctx, account.row.id);
  return seeded(true, account.row);
}

/**
 * What the membership promises, ready to try: her personal shopper in the demo store (nobody is left
 * with no one to ask), a service with free slots in the coming days, earlier visits to the store for
 * Scan a card, a live private sale and an upcoming event.
 */
async function seedDemoRelationship(ctx: AppContext, accountId: string): Promise<void> {
  const { stylistId, storeId } = await seedDemoStylist(ctx, accountId);
  await seedDemoAppointments(ctx.db, { stylistId, storeId, locale: ctx.config.locale });
  await seedDemoStoreVisits(ctx, accountId, storeId);
  await seedDemoSale(ctx);
  await seedDemoGuide(ctx);
  await seedDemoEvent(ctx, storeId);
}

async function createDemoMember(
  ctx: AppContext,
  passwordHash: string,
): Promise<{ created: boolean; row: AccountRow }> {
  try {
    return { created: true, row: await insertDemoMember(ctx, passwordHash) };
  } catch (error) {
    const other =
      error instanceof EmailTakenError && (await findAccountByProvenEmail(ctx.db, demoMember.email));
    if (!other) throw error;
    return { created: false, row: other };
  }
}

function insertDemoMember(ctx: AppContext, passwordHash: string): Promise<AccountRow> {
  return ctx.db.transaction(async (tx) => {
    const { config } = ctx;
    // A member of this scheme: its currency, a telephone number of its country only where the
    // scheme keeps numbers, and a WhatsApp choice only where it offers WhatsApp.
    const created = await createAccount(tx, {
      email: demoMember.email,
      fullName: demoMember.fullName,
      passwordHash,
      emailVerified: true,
      telephoneNumber: config.enableTelephoneNumber ? demoTelephone[config.locale] : null,
      currency: schemeCurrency(config),
    });
    await tx.query(
      `INSERT INTO marketing_consents (account_id, channel, choice, source)
       SELECT $1, channel, choice, 'demo' FROM (VALUES ('email', 'consent'), ('whatsapp', 'decline')) c (channel, choice)
        WHERE channel = 'email' OR $2::boolean`,
      [created.id, config.enableTelephoneNumber],
    );
    // The member discount level (SPEC §3 vipLevel), shown on the card as "Discount: 20%"; a member
    // for over a year, so the history reaches back.
    const [withLevel] = await tx.query<AccountRow>(
      "UPDATE accounts SET vip_level = '20%', created_at = now() - interval '430 days' WHERE id = $1 RETURNING *",
      [created.id],
    );
    return withLevel ?? created;
  });
}

/** Whether the database has no members yet (first start seeds the demo). */
export async function isEmpty(ctx: AppContext): Promise<boolean> {
  const rows = await ctx.db.query('SELECT 1 FROM accounts LIMIT 1');
  return rows.length === 0;
}
