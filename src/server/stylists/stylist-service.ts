import type { z } from 'zod';
import type { stylistProfileInput, stylistProfileSchema } from '#shared/api/stylists.ts';
import { type Locale, locales } from '#shared/config.ts';
import type { Audit } from '../audit/audit-log.ts';
import { type Database, type Queryable, queryOne } from '../db/database.ts';
import { forbidden, HttpError, notFound } from '../http/errors.ts';
import { findImage, type ImageView } from '../images/image-service.ts';
import { findStore, type Store } from '../stores/store-service.ts';

/**
 * Stylists: staff members an admin has made one (a capability beside their role), with the profile
 * members see, and each member's own personal shopper.
 */

type ProfileInput = z.output<typeof stylistProfileInput>;
export type StylistProfile = z.input<typeof stylistProfileSchema>;

interface ProfileRow {
  staff_id: string;
  display_name: string;
  photo_image_id: string | null;
  introduction: Record<string, string>;
  home_store_id: string | null;
  languages: string[];
  work_email: string | null;
  phone: string | null;
  whatsapp: string | null;
}

const notAStylist = () => new HttpError(422, 'NotAStylist', 'That staff member is not an active stylist.');

async function profileRow(db: Queryable, staffId: string): Promise<ProfileRow | undefined> {
  return queryOne<ProfileRow>(db, 'SELECT * FROM stylist_profiles WHERE staff_id = $1', [staffId]);
}

async function profileOf(db: Queryable, row: ProfileRow): Promise<StylistProfile> {
  const [photo, store] = await Promise.all([
    row.photo_image_id ? findImage(db, row.photo_image_id) : undefined,
    row.home_store_id ? findStore(db, row.home_store_id) : undefined,
  ]);
  return {
    staffId: row.staff_id,
    displayName: row.display_name,
    photo: photo ?? null,
    introduction: row.introduction,
    homeStore: store ?? null,
    languages: row.languages,
    workEmail: row.work_email,
    phone: row.phone,
    whatsapp: row.whatsapp,
  };
}

/** Every stylist (active or not) with their profile, for the console. */
export async function listStylists(db: Queryable) {
  const staff = await db.query<{ id: string; full_name: string; email: string; active: boolean }>(
    `SELECT id, full_name, email, deactivated_at IS NULL AS active FROM staff_members
      WHERE is_stylist ORDER BY full_name, email`,
  );
  return Promise.all(
    staff.map(async (s) => {
      const row = await profileRow(db, s.id);
      return {
        staffId: s.id,
        fullName: s.full_name,
        email: s.email,
        active: s.active,
        profile: row ? await profileOf(db, row) : null,
      };
    }),
  );
}

/** An admin makes a staff member a stylist, or no longer one (audited; their members keep them until changed). */
export async function setStylist(db: Database, id: string, isStylist: boolean, audit: Audit) {
  return db.transaction(async (tx) => {
    const before = await queryOne<{ email: string; is_stylist: boolean }>(
      tx,
      'SELECT email, is_stylist FROM staff_members WHERE id = $1 FOR UPDATE',
      [id],
    );
    if (!before) throw notFound('StaffNotFound', 'There is no staff member with that id.');
    if (before.is_stylist !== isStylist) {
      await tx.query('UPDATE staff_members SET is_stylist = $2 WHERE id = $1', [id, isStylist]);
      await audit(tx, {
        change: {
          staffId: id,
          email: before.email,
          before: { isStylist: before.is_stylist },
          after: { isStylist },
        },
      });
    }
    return { id, isStylist };
  });
}

/** Who may read or edit a profile: its stylist, or an admin. */
export function mayEditProfile(caller: { staffId: string; role: string }, staffId: string): boolean {
  return caller.staffId === staffId || caller.role === 'admin';
}

export const notYours = () =>
  forbidden('NotYourProfile', 'Only the stylist themselves or an admin can change this profile.');

export async function stylistProfile(db: Queryable, staffId: string) {
  const staff = await queryOne<{ full_name: string; is_stylist: boolean }>(
    db,
    'SELECT full_name, is_stylist FROM staff_members WHERE id = $1',
    [staffId],
  );
  if (!staff?.is_stylist) throw notAStylist();
  const row = await profileRow(db, staffId);
  return { fullName: staff.full_name, profile: row ? await profileOf(db, row) : null };
}

/** Saves a stylist's profile (audited with what changed). The photo and store must exist. */
export async function saveStylistProfile(db: Database, staffId: string, input: ProfileInput, audit: Audit) {
  return db.transaction(async (tx) => {
    const staff = await queryOne<{ is_stylist: boolean; active: boolean }>(
      tx,
      'SELECT is_stylist, deactivated_at IS NULL AS active FROM staff_members WHERE id = $1 FOR UPDATE',
      [staffId],
    );
    if (!staff?.is_stylist || !staff.active) throw notAStylist();
    if (input.homeStoreId && !(await findStore(tx, input.homeStoreId)))
      throw new HttpError(422, 'StoreNotFound', 'There is no store with that id.', {
        fieldErrors: { homeStoreId: 'Choose a store' },
      });
    if (
      input.photoImageId &&
      !(await queryOne(tx, 'SELECT 1 FROM images WHERE id = $1', [input.photoImageId]))
    )
      throw new HttpError(422, 'ImageNotFound', 'There is no image with that id: upload the photo again.', {
        fieldErrors: { photoImageId: 'Upload the photo again' },
      });
    const before = await profileRow(tx, staffId);
    const introduction = Object.fromEntries(
      Object.entries(input.introduction as Record<string, string>).filter(([, words]) => words !== ''),
    );
    const languages = [...new Set(input.languages)];
    const [row] = await tx.query<ProfileRow>(
      `INSERT INTO stylist_profiles
         (staff_id, display_name, photo_image_id, introduction, home_store_id, languages, work_email, phone, whatsapp)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (staff_id) DO UPDATE SET display_name = $2, photo_image_id = $3, introduction = $4,
         home_store_id = $5, languages = $6, work_email = $7, phone = $8, whatsapp = $9, updated_at = now()
       RETURNING *`,
      [
        staffId,
        input.displayName,
        input.photoImageId,
        JSON.stringify(introduction),
        input.homeStoreId,
        languages,
        input.workEmail,
        input.phone,
        input.whatsapp,
      ],
    );
    if (!row) throw new Error('profile upsert returned no row');
    const after = {
      displayName: row.display_name,
      photoImageId: row.photo_image_id,
      introduction,
      homeStoreId: row.home_store_id,
      languages,
      workEmail: row.work_email,
      phone: row.phone,
      whatsapp: row.whatsapp,
    };
    const was = before
      ? {
          displayName: before.display_name,
          photoImageId: before.photo_image_id,
          introduction: before.introduction,
          homeStoreId: before.home_store_id,
          languages: before.languages,
          workEmail: before.work_email,
          phone: before.phone,
          whatsapp: before.whatsapp,
        }
      : null;
    await audit(tx, { change: { staffId, before: was, after } });
    return profileOf(tx, row);
  });
}

/** A manager changes a member's personal shopper (audited); null: none, the member sees customer services. */
export async function setPersonalShopper(
  db: Database,
  accountId: string,
  staffId: string | null,
  audit: Audit,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (staffId) {
      const stylist = await queryOne(
        tx,
        'SELECT 1 FROM staff_members WHERE id = $1 AND is_stylist AND deactivated_at IS NULL',
        [staffId],
      );
      if (!stylist) throw notAStylist();
    }
    const [before] = await tx.query<{ personal_shopper_id: string | null }>(
      'SELECT personal_shopper_id FROM accounts WHERE id = $1 FOR UPDATE',
      [accountId],
    );
    if (!before) throw notFound('MemberNotFound', 'There is no such member.');
    await tx.query('UPDATE accounts SET personal_shopper_id = $2 WHERE id = $1', [accountId, staffId]);
    await audit(tx, {
      memberId: accountId,
      change: {
        before: { personalShopperId: before.personal_shopper_id },
        after: { personalShopperId: staffId },
      },
    });
  });
}

/** The member's personal shopper as the member sees them (words in `locale`), or null. */
export async function personalShopperOf(db: Queryable, accountId: string, locale: Locale) {
  const row = await queryOne<ProfileRow>(
    db,
    `SELECT p.* FROM accounts a
       JOIN staff_members m ON m.id = a.personal_shopper_id AND m.is_stylist AND m.deactivated_at IS NULL
       JOIN stylist_profiles p ON p.staff_id = m.id
      WHERE a.id = $1`,
    [accountId],
  );
  if (!row) return null;
  const profile = await profileOf(db, row);
  // The member's language, else the other locale's words rather than none.
  const intro = row.introduction[locale] ?? locales.map((l) => row.introduction[l]).find(Boolean) ?? '';
  return {
    displayName: profile.displayName,
    photo: profile.photo as ImageView | null,
    introduction: intro,
    homeStore: profile.homeStore
      ? { name: (profile.homeStore as Store).name, address: (profile.homeStore as Store).address }
      : null,
    languages: row.languages,
    workEmail: row.work_email,
    phone: row.phone,
    whatsapp: row.whatsapp,
  };
}

/** The console's member page: the member's personal shopper (id and name), or null. */
export async function memberShopper(db: Queryable, accountId: string) {
  return (
    (await queryOne<{ staffId: string; name: string }>(
      db,
      `SELECT m.id AS "staffId", coalesce(p.display_name, m.full_name) AS name
         FROM accounts a JOIN staff_members m ON m.id = a.personal_shopper_id
         LEFT JOIN stylist_profiles p ON p.staff_id = m.id WHERE a.id = $1`,
      [accountId],
    )) ?? null
  );
}
