import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { text } from './text.ts';

/**
 * Appointments with a stylist, as members book them: a service, a stylist (the member's own personal
 * shopper first), a free slot in the store's own time zone, an optional note. Times travel as ISO
 * instants; each screen writes them in the store's zone (`timeZone`) and the member's locale.
 */
export const appointmentStatuses = ['booked', 'cancelled', 'arrived', 'no-show'] as const;

export const uuidField = text().regex(
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  'Name it by its id',
);

/** An instant with its offset ("2026-12-01T10:00:00.000Z"): a slot's start as the slots list gave it. */
export const instantField = z.iso.datetime({ offset: true, error: 'Choose a time' });

export const appointmentNoteField = text().max(500, 'A note has at most 500 characters').default('');

const appointmentStoreSchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  timeZone: z.string(),
});

const appointmentSchema = z.object({
  id: z.string(),
  service: z.object({ id: z.string(), name: z.string(), durationMinutes: z.number().int() }),
  stylist: z.object({ id: z.string(), displayName: z.string() }),
  store: appointmentStoreSchema,
  startsAt: z.string(),
  endsAt: z.string(),
  note: z.string(),
  status: z.enum(appointmentStatuses),
  /** Whether the member may still move or cancel it themselves (before the cut-off). */
  changeable: z.boolean(),
});
export type Appointment = z.infer<typeof appointmentSchema>;

export const appointmentsEndpoint = endpoint({
  method: 'GET',
  path: '/api/appointments',
  access: { door: 'member', who: 'signed-in' },
  request: z.object({}),
  response: z.object({
    appointments: z.array(appointmentSchema),
    /** Hours before the start after which members call the store instead. */
    changeCutoffHours: z.number().int(),
  }),
});

const bookableStylistSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  /** The member's own personal shopper (listed first). */
  yours: z.boolean(),
});

export const bookingOptionsEndpoint = endpoint({
  method: 'GET',
  path: '/api/appointments/options',
  access: { door: 'member', who: 'signed-in' },
  request: z.object({}),
  response: z.object({
    services: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        durationMinutes: z.number().int(),
        stylists: z.array(bookableStylistSchema),
      }),
    ),
  }),
});

export const slotSchema = z.object({
  startsAt: z.string(),
  endsAt: z.string(),
  store: appointmentStoreSchema,
});
export type Slot = z.infer<typeof slotSchema>;

export const slotsEndpoint = endpoint({
  method: 'GET',
  path: '/api/appointments/slots',
  access: { door: 'member', who: 'signed-in' },
  /** `appointmentId`: the member's own appointment being moved (its own time counts as free). */
  request: z.object({ serviceId: uuidField, stylistId: uuidField, appointmentId: uuidField.optional() }),
  response: z.object({ slots: z.array(slotSchema) }),
});

export const bookAppointmentEndpoint = endpoint({
  method: 'POST',
  path: '/api/appointments',
  access: { door: 'member', who: 'signed-in' },
  status: 201,
  request: z.object({
    serviceId: uuidField,
    stylistId: uuidField,
    startsAt: instantField,
    note: appointmentNoteField,
  }),
  response: z.object({ appointment: appointmentSchema }),
});

export const rescheduleAppointmentEndpoint = endpoint({
  method: 'POST',
  path: '/api/appointments/reschedule',
  access: { door: 'member', who: 'signed-in' },
  request: z.object({ id: uuidField, startsAt: instantField }),
  response: z.object({ appointment: appointmentSchema }),
});

export const cancelAppointmentEndpoint = endpoint({
  method: 'POST',
  path: '/api/appointments/cancel',
  access: { door: 'member', who: 'signed-in' },
  request: z.object({ id: uuidField }),
  response: z.object({ appointment: appointmentSchema }),
});
