import type { FastifyInstance } from 'fastify';
import {
  appointmentsEndpoint,
  bookAppointmentEndpoint,
  bookingOptionsEndpoint,
  cancelAppointmentEndpoint,
  rescheduleAppointmentEndpoint,
  slotsEndpoint,
} from '#shared/api/appointments.ts';
import type { AppContext } from '../app-context.ts';
import { route } from '../http/routes.ts';
import { bookAppointment, cancelAppointment, rescheduleAppointment } from './appointment-booking.ts';
import { appointmentView } from './appointment-rows.ts';
import { bookableSlots, bookingOptions, upcomingAppointments } from './appointments-service.ts';

/** The member's appointments: what is coming, booking (service, stylist, slot), moving and cancelling. */
export function registerAppointmentsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const view = (row: Parameters<typeof appointmentView>[0]) =>
    appointmentView(row, ctx.config.locale, ctx.config.appointments.changeCutoffHours);

  route(app, appointmentsEndpoint, async (_input, _request, reply, session) => {
    reply.header('cache-control', 'no-store');
    return {
      appointments: await upcomingAppointments(ctx, session.accountId),
      changeCutoffHours: ctx.config.appointments.changeCutoffHours,
    };
  });
  route(app, bookingOptionsEndpoint, async (_input, _request, reply, session) => {
    reply.header('cache-control', 'no-store');
    return { services: await bookingOptions(ctx, session.accountId) };
  });
  route(app, slotsEndpoint, async (input, _request, reply, session) => {
    reply.header('cache-control', 'no-store');
    const slots = await bookableSlots(ctx, ctx.db, {
      serviceId: input.serviceId,
      stylistId: input.stylistId,
      except: input.appointmentId ?? null,
      accountId: session.accountId,
    });
    return { slots };
  });
  route(app, bookAppointmentEndpoint, async (input, _request, _reply, session) => {
    const row = await bookAppointment(
      ctx,
      session.accountId,
      { ...input, startsAt: new Date(input.startsAt) },
      { kind: 'member' },
    );
    return { appointment: view(row) };
  });
  route(app, rescheduleAppointmentEndpoint, async (input, _request, _reply, session) => {
    const row = await rescheduleAppointment(ctx, input.id, new Date(input.startsAt), {
      accountId: session.accountId,
    });
    return { appointment: view(row) };
  });
  route(app, cancelAppointmentEndpoint, async (input, _request, _reply, session) => {
    const row = await cancelAppointment(ctx, input.id, { accountId: session.accountId });
    return { appointment: view(row) };
  });
}
