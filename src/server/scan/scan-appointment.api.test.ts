import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentFixture } from '#tests/support/appointments-fixture.ts';
import { signedInStaff } from '#tests/support/staff-fixture.ts';
import { createTestApp, type TestApp, type TestClient } from '#tests/support/test-app.ts';

/**
 * Scan a card answers the member's appointment today: only today's (in the store's own day, here a
 * zone 14 hours from UTC), only a live one (booked or arrived), in the tablet's store when it names
 * one; the note only for managers and the appointment's own stylist; "Mark arrived" through the
 * appointments' own audited endpoint, after which the look-up says arrived.
 */

interface Today {
  id: string;
  service: string;
  stylist: { displayName: string };
  store: { name: string; timeZone: string };
  startsAt: string;
  endsAt: string;
  note?: string;
  status: 'booked' | 'arrived';
}
interface Scanned {
  member: { appointmentToday: Today | null };
}

const zone = 'Pacific/Kiritimati';
let t: TestApp;
let support: TestClient;
let manager: TestClient;
let stylist: TestClient;
let stylistId: string;
let fixture: Awaited<ReturnType<typeof appointmentFixture>>;

beforeAll(async () => {
  t = await createTestApp({ config: { staff: { signInPerAddress: 10_000 }, locale: 'da-DK' } });
  support = (await signedInStaff(t, 'support')).client;
  manager = (await signedInStaff(t, 'manager')).client;
  // The appointments' stylist is a support member of staff who can sign in and scan.
  const own = await signedInStaff(t, 'support');
  stylist = own.client;
  stylistId = own.id;
  await t.ctx.db.query('UPDATE staff_members SET is_stylist = true WHERE id = $1', [stylistId]);
  await t.ctx.db.query("INSERT INTO stylist_profiles (staff_id, display_name) VALUES ($1, 'Sophie Turner')", [
    stylistId,
  ]);
  fixture = await appointmentFixture(t.ctx.db, { timeZone: zone });
});
afterAll(() => t.close());

/**
 * An appointment at store-local `hour` on the store's day `dayOffset` from today, written as SQL
 * (booking refuses the past; what is under test here is the look-up).
 */
async function appointment(
  loyaltyId: string,
  input: { dayOffset: number; hour: number; status?: string; note?: string; storeId?: string },
) {
  const [row] = await t.ctx.db.query<{ id: string }>(
    `WITH st AS (SELECT time_zone FROM stores WHERE id = $3),
          at AS (SELECT ((date_trunc('day', now() AT TIME ZONE st.time_zone)
                         + make_interval(days => $4::int, hours => $5::int)) AT TIME ZONE st.time_zone) AS starts
                   FROM st)
     INSERT INTO appointments (uid, account_id, stylist_id, service_id, store_id, starts_at, ends_at,
                               blocked_from, note, status, booked_by)
     SELECT gen_random_uuid()::text, acc.id, $2, $6, $3, at.starts, at.starts + interval '45 minutes',
            at.starts, $7, $8, 'member'
       FROM accounts acc, at WHERE acc.loyalty_id = $1
     RETURNING id`,
    [
      loyaltyId,
      stylistId,
      input.storeId ?? fixture.storeId,
      input.dayOffset,
      input.hour,
      fixture.serviceId,
      input.note ?? '',
      input.status ?? 'booked',
    ],
  );
  return row?.id ?? '';
}

const scan = (client: TestClient, code: string, storeId?: string) =>
  client.post<Scanned>('/staff-api/scan', { code, ...(storeId ? { storeId } : {}) });

const marks = async (id: string) =>
  (
    await t.ctx.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'appointment.mark' AND change->>'appointmentId' = $1",
      [id],
    )
  )[0]?.n;

describe("the look-up answers today's appointment", () => {
  it("today's booked one, in the store's zone, the note for managers and its stylist only", async () => {
    const member = await t.signedInMember({ name: 'Ida Holm' });
    await appointment(member.loyaltyId, { dayOffset: -1, hour: 11 });
    await appointment(member.loyaltyId, { dayOffset: 1, hour: 11 });
    await appointment(member.loyaltyId, { dayOffset: 0, hour: 9, status: 'cancelled' });
    const id = await appointment(member.loyaltyId, {
      dayOffset: 0,
      hour: 14,
      note: 'A suit for a wedding in March',
    });

    const bySupport = await scan(support, member.loyaltyId, fixture.storeId);
    expect(bySupport.status).toBe(200);
    const today = bySupport.body.member.appointmentToday;
    expect(today).toMatchObject({
      id,
      service: 'Stylingsession',
      stylist: { displayName: 'Sophie Turner' },
      store: { timeZone: zone },
      status: 'booked',
    });
    expect(today).not.toHaveProperty('note');
    // 14:00 in the store's zone, whatever the day is in UTC.
    const local = new Intl.DateTimeFormat('en-GB', { timeZone: zone, timeStyle: 'short' });
    expect(local.format(new Date(today?.startsAt ?? ''))).toBe('14:00');

    const byManager = await scan(manager, member.loyaltyId, fixture.storeId);
    expect(byManager.body.member.appointmentToday?.note).toBe('A suit for a wedding in March');
    const byStylist = await scan(stylist, member.loyaltyId);
    expect(byStylist.body.member.appointmentToday?.note).toBe('A suit for a wedding in March');
  });

  it("only in the tablet's store when it names one; none today is null", async () => {
    const member = await t.signedInMember({ name: 'Bo Lund' });
    const other = await appointmentFixture(t.ctx.db, { timeZone: zone });
    await appointment(member.loyaltyId, { dayOffset: 0, hour: 15, storeId: other.storeId });
    expect((await scan(support, member.loyaltyId, fixture.storeId)).body.member.appointmentToday).toBeNull();
    const anywhere = await scan(support, member.loyaltyId);
    expect(anywhere.body.member.appointmentToday?.store.name).toMatch(/^Regent Street/);

    const nobody = await t.signedInMember({ name: 'Eva Dahl' });
    expect((await scan(support, nobody.loyaltyId)).body.member.appointmentToday).toBeNull();
  });

  it('only live ones: a no-show or cancelled appointment today, or one tomorrow, is not shown', async () => {
    const member = await t.signedInMember({ name: 'Karl Berg' });
    await appointment(member.loyaltyId, { dayOffset: 0, hour: 10, status: 'no-show' });
    await appointment(member.loyaltyId, { dayOffset: 0, hour: 16, status: 'cancelled' });
    await appointment(member.loyaltyId, { dayOffset: 1, hour: 10 });
    expect((await scan(support, member.loyaltyId, fixture.storeId)).body.member.appointmentToday).toBeNull();
  });

  it('a store that is no id is a 400 that writes nothing', async () => {
    const member = await t.signedInMember({ name: 'Lis Krog' });
    const res = await support.post('/staff-api/scan', { code: member.loyaltyId, storeId: 'nope' });
    expect(res.status).toBe(400);
  });
});

describe('Mark arrived', () => {
  it('support marks it arrived through the audited status endpoint; the look-up then says arrived', async () => {
    const member = await t.signedInMember({ name: 'Asta Friis' });
    const id = await appointment(member.loyaltyId, { dayOffset: 0, hour: 12 });
    const before = (await scan(support, member.loyaltyId, fixture.storeId)).body.member.appointmentToday;
    expect(before?.status).toBe('booked');
    const marked = await support.post<{ appointment: { status: string } }>('/staff-api/appointments/mark', {
      id,
      status: 'arrived',
    });
    expect(marked.status).toBe(200);
    expect(marked.body.appointment.status).toBe('arrived');
    expect(await marks(id)).toBe(1);
    // A second tap (another tablet, a retry) answers the same and records nothing more.
    const again = await support.post<{ appointment: { status: string } }>('/staff-api/appointments/mark', {
      id,
      status: 'arrived',
    });
    expect(again.status).toBe(200);
    expect(again.body.appointment.status).toBe('arrived');
    expect(await marks(id)).toBe(1);
    const after = (await scan(support, member.loyaltyId, fixture.storeId)).body.member.appointmentToday;
    expect(after).toMatchObject({ id, status: 'arrived' });
  });

  it('a member cannot mark their appointment arrived: the staff door refuses, nothing written', async () => {
    const member = await t.signedInMember({ name: 'Ole Vang' });
    const id = await appointment(member.loyaltyId, { dayOffset: 0, hour: 13 });
    const res = await member.client.post('/staff-api/appointments/mark', { id, status: 'arrived' });
    expect(res.status).toBe(401);
    expect(await marks(id)).toBe(0);
    const row = await t.ctx.db.query<{ status: string }>('SELECT status FROM appointments WHERE id = $1', [
      id,
    ]);
    expect(row[0]?.status).toBe('booked');
  });
});
