import type { FastifyInstance } from 'fastify';
import {
  cancelEventEndpoint,
  cancelRsvpEndpoint,
  createEventEndpoint,
  eventCalendarEndpoint,
  eventGuestsEndpoint,
  eventTicketGoogleWalletEndpoint,
  eventTicketPassEndpoint,
  exportEventGuestsEndpoint,
  memberEventsEndpoint,
  rsvpEndpoint,
  staffEventsEndpoint,
  ticketImageEndpoint,
} from '#shared/api/events.ts';
import type { AppContext } from '../app-context.ts';
import type { StaffServe } from '../audit/audited-doors.ts';
import { route } from '../http/routes.ts';
import { listStores } from '../stores/store-service.ts';
import { answersForMail, eventCalendar } from './event-mails.ts';
import { ticketSvg } from './event-tickets.ts';
import { eventTicketPass, eventTicketSaveUrl } from './event-wallet.ts';
import { answerEvent, attendingAnswer, cancelAnswer, eventsForMember } from './events-member-service.ts';
import { cancelEvent, createEvent, eventGuests, eventGuestsCsv, listEvents } from './events-staff-service.ts';

/** The members' events: the list, their answer, their ticket (QR code, Apple and Google Wallet) and calendar file (signed in). */
export function registerEventsRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, memberEventsEndpoint, async (_query, _request, _reply, session) =>
    eventsForMember(ctx.db, ctx.config, session.accountId),
  );
  route(app, rsvpEndpoint, async (body, request, _reply, session) => {
    const { id } = request.params as { id: string };
    return { event: (await answerEvent(ctx, session.accountId, id, body)).event };
  });
  route(app, cancelRsvpEndpoint, async (_body, request, _reply, session) => {
    const { id } = request.params as { id: string };
    return { event: (await cancelAnswer(ctx, session.accountId, id)).event };
  });
  route(app, ticketImageEndpoint, async (_query, request, reply, session) => {
    const { id } = request.params as { id: string };
    const { ticket } = await attendingAnswer(ctx.db, ctx.config, session.accountId, id);
    reply.type('image/svg+xml').header('cache-control', 'private, no-store');
    return ticketSvg(ticket);
  });
  route(app, eventTicketPassEndpoint, async (_query, request, reply, session) => {
    const { id } = request.params as { id: string };
    const pass = await eventTicketPass(ctx, session.accountId, id);
    return reply
      .type('application/vnd.apple.pkpass')
      .header('content-disposition', 'attachment; filename="event-ticket.pkpass"')
      .header('cache-control', 'private, no-store')
      .send(pass);
  });
  route(app, eventTicketGoogleWalletEndpoint, async (_query, request, reply, session) => {
    const { id } = request.params as { id: string };
    reply.header('cache-control', 'private, no-store');
    return { saveUrl: await eventTicketSaveUrl(ctx, session.accountId, id) };
  });
  route(app, eventCalendarEndpoint, async (_query, request, reply, session) => {
    const { id } = request.params as { id: string };
    const { row, answer } = await attendingAnswer(ctx.db, ctx.config, session.accountId, id);
    const [forMail] = await answersForMail(ctx.db, [answer.id]);
    reply
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', 'attachment; filename="event.ics"')
      .header('cache-control', 'private, no-store');
    return eventCalendar(
      ctx.config,
      row,
      forMail ?? { rsvp_id: answer.id, guests: answer.guests, full_name: '', email: null },
      'PUBLISH',
    );
  });
}

/** The console's events: support see them and their guests, managers create and cancel (audited). */
export function registerStaffEventsRoutes(serve: StaffServe, ctx: AppContext): void {
  serve(staffEventsEndpoint, async () => ({
    events: await listEvents(ctx.db),
    levels: [...ctx.config.vipLevels],
    stores: (await listStores(ctx.db)).map((store) => ({ id: store.id, name: store.name })),
  }));
  serve(createEventEndpoint, async (input, { caller, audit }) => ({
    event: await createEvent(ctx, input, (caller as { staffId: string }).staffId, audit),
  }));
  serve(cancelEventEndpoint, async (_input, { params, audit }) => ({
    event: await cancelEvent(ctx, params.id, audit),
  }));
  serve(eventGuestsEndpoint, async (_query, { params }) => eventGuests(ctx.db, params.id));
  serve(exportEventGuestsEndpoint, async (_query, { params, reply }) => {
    const csv = await eventGuestsCsv(ctx.db, params.id);
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="event-guests-${params.id}.csv"`)
      .header('cache-control', 'no-store');
    return csv;
  });
}
