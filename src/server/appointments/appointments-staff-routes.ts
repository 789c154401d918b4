import {
  appointmentSetupEndpoint,
  calendarEndpoint,
  saveServiceEndpoint,
  setExceptionEndpoint,
  setHoursEndpoint,
  staffBookEndpoint,
  staffCancelEndpoint,
  staffMarkEndpoint,
  staffMoveEndpoint,
  staffSlotsEndpoint,
} from '#shared/api/staff-appointments.ts';
import type { AppContext } from '../app-context.ts';
import type { StaffServe } from '../audit/audited-doors.ts';
import {
  bookAppointment,
  cancelAppointment,
  markAppointment,
  rescheduleAppointment,
} from './appointment-booking.ts';
import { bookableSlots } from './appointments-service.ts';
import {
  appointmentSetup,
  memberByCard,
  saveService,
  setException,
  setHours,
  staffAppointmentView,
  stylistCalendar,
} from './appointments-staff-service.ts';

/** The console's appointments: setup (services, weeks, exceptions), calendars and phone bookings. */
export function registerAppointmentStaffRoutes(serve: StaffServe, ctx: AppContext): void {
  const view = (row: Parameters<typeof staffAppointmentView>[0]) =>
    staffAppointmentView(row, ctx.config.locale);
  serve(appointmentSetupEndpoint, async () => appointmentSetup(ctx.db));
  serve(saveServiceEndpoint, async (input, { audit }) => ({
    service: await saveService(ctx.db, input, audit),
  }));
  serve(setHoursEndpoint, async (input, { audit }) => ({
    hours: await setHours(ctx.db, input.stylistId, input.hours, audit),
  }));
  serve(setExceptionEndpoint, async (input, { audit }) => ({
    exceptions: await setException(ctx.db, input, audit),
  }));
  serve(calendarEndpoint, async (input) =>
    stylistCalendar(ctx.db, input.stylistId, input.from, input.days, ctx.config.locale),
  );
  serve(staffSlotsEndpoint, async (input) => ({
    slots: await bookableSlots(ctx, ctx.db, {
      serviceId: input.serviceId,
      stylistId: input.stylistId,
      except: input.appointmentId ?? null,
      accountId: null,
    }),
  }));
  serve(staffBookEndpoint, async (input, { audit }) => {
    const accountId = await memberByCard(ctx.db, input.loyaltyId);
    const row = await bookAppointment(
      ctx,
      accountId,
      {
        serviceId: input.serviceId,
        stylistId: input.stylistId,
        startsAt: new Date(input.startsAt),
        note: input.note,
      },
      { kind: 'staff', audit },
    );
    return { appointment: view(row) };
  });
  serve(staffMoveEndpoint, async (input, { audit }) => ({
    appointment: view(await rescheduleAppointment(ctx, input.id, new Date(input.startsAt), { audit })),
  }));
  serve(staffCancelEndpoint, async (input, { audit }) => ({
    appointment: view(await cancelAppointment(ctx, input.id, { audit })),
  }));
  serve(staffMarkEndpoint, async (input, { audit }) => ({
    appointment: view(await markAppointment(ctx, input.id, input.status, audit)),
  }));
}
