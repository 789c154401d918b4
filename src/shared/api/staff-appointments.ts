import { z } from 'zod';
import {
  appointmentNoteField,
  appointmentStatuses,
  instantField,
  slotSchema,
  uuidField,
} from './appointments.ts';
import { endpoint } from './endpoint.ts';
import { text } from './text.ts';

/**
 * The console's appointments: services (name per locale, duration, preparation, where and by whom),
 * each stylist's week and its exceptions, the stylists' calendars, and phone bookings for members.
 * Reading is support's; changing services and hours is a manager's; booking, moving, cancelling and
 * marking arrived or no-show is support's (the desk and the phone). Every write is audited.
 */
const localNames = z.object({
  'en-GB': text().trim().min(1, 'Give the name in English').max(80),
  'da-DK': text().trim().min(1, 'Give the name in Danish').max(80),
});

const clockTime = text().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'A time as hh:mm');
const isoDay = z.iso.date({ error: 'A day as yyyy-mm-dd' });

export const staffServiceSchema = z.object({
  id: z.string(),
  name: z.object({ 'en-GB': z.string(), 'da-DK': z.string() }),
  durationMinutes: z.number().int(),
  bufferMinutes: z.number().int(),
  active: z.boolean(),
  storeIds: z.array(z.string()),
  stylistIds: z.array(z.string()),
});

const hoursSchema = z.object({
  weekday: z.number().int(),
  storeId: z.string(),
  starts: z.string(),
  ends: z.string(),
});
const exceptionSchema = z.object({
  day: z.string(),
  storeId: z.string().nullable(),
  starts: z.string().nullable(),
  ends: z.string().nullable(),
});

export const appointmentSetupEndpoint = endpoint({
  method: 'GET',
  path: '/staff-api/appointments/setup',
  access: { door: 'staff', role: 'support' },
  request: z.object({}),
  response: z.object({
    services: z.array(staffServiceSchema),
    stores: z.array(z.object({ id: z.string(), name: z.string(), timeZone: z.string() })),
    stylists: z.array(
      z.object({
        id: z.string(),
        displayName: z.string(),
        hours: z.array(hoursSchema),
        exceptions: z.array(exceptionSchema),
      }),
    ),
  }),
});

export const saveServiceEndpoint = endpoint({
  method: 'POST',
  path: '/staff-api/appointments/services/save',
  audit: 'appointment_service.save',
  access: { door: 'staff', role: 'manager' },
  /** Without `id`: a new service. */
  request: z.object({
    id: uuidField.optional(),
    name: localNames,
    durationMinutes: z.number().int().min(5).max(480),
    bufferMinutes: z.number().int().min(0).max(240).default(0),
    active: z.boolean().default(true),
    storeIds: z.array(uuidField).max(100),
    stylistIds: z.array(uuidField).max(500),
  }),
  response: z.object({ service: staffServiceSchema }),
});

export const setHoursEndpoint = endpoint({
  method: 'POST',
  path: '/staff-api/appointments/hours',
  audit: 'stylist_hours.set',
  access: { door: 'staff', role: 'manager' },
  /** The whole week: a weekday left out is a day off. */
  request: z.object({
    stylistId: uuidField,
    hours: z
      .array(
        z.object({
          weekday: z.number().int().min(1).max(7),
          storeId: uuidField,
          starts: clockTime,
          ends: clockTime,
        }),
      )
      .max(7)
      .refine((list) => new Set(list.map((h) => h.weekday)).size === list.length, 'One span per weekday')
      .refine((list) => list.every((h) => h.ends > h.starts), 'Each day ends after it starts'),
  }),
  response: z.object({ hours: z.array(hoursSchema) }),
});

export const setExceptionEndpoint = endpoint({
  method: 'POST',
  path: '/staff-api/appointments/exceptions',
  audit: 'stylist_exception.set',
  access: { door: 'staff', role: 'manager' },
  /** A day off (`storeId` null), or that day's hours, perhaps in another store. `remove`: back to the usual week. */
  request: z
    .object({
      stylistId: uuidField,
      day: isoDay,
      storeId: uuidField.nullable().default(null),
      starts: clockTime.nullable().default(null),
      ends: clockTime.nullable().default(null),
      remove: z.boolean().default(false),
    })
    .refine(
      (e) =>
        e.remove ||
        (e.storeId === null
          ? e.starts === null && e.ends === null
          : !!e.starts && !!e.ends && e.ends > e.starts),
      {
        message: 'A day off has no hours; a working day has hours that end after they start',
        path: ['ends'],
      },
    ),
  response: z.object({ exceptions: z.array(exceptionSchema) }),
});

export const staffAppointmentSchema = z.object({
  id: z.string(),
  service: z.string(),
  serviceId: z.string(),
  stylistId: z.string(),
  store: z.object({ id: z.string(), name: z.string(), timeZone: z.string() }),
  startsAt: z.string(),
  endsAt: z.string(),
  note: z.string(),
  status: z.enum(appointmentStatuses),
  bookedBy: z.enum(['member', 'staff']),
  member: z.object({ loyaltyId: z.string(), fullName: z.string() }),
});

export const calendarEndpoint = endpoint({
  method: 'GET',
  path: '/staff-api/appointments/calendar',
  access: { door: 'staff', role: 'support' },
  /** A day or a week from `from` (yyyy-mm-dd, the stores' days). */
  request: z.object({
    stylistId: uuidField,
    from: isoDay,
    days: z.coerce.number().int().min(1).max(7).default(1),
  }),
  response: z.object({
    appointments: z.array(staffAppointmentSchema),
    spans: z.array(
      z.object({
        day: z.string(),
        storeId: z.string(),
        storeName: z.string(),
        timeZone: z.string(),
        opens: z.string(),
        closes: z.string(),
      }),
    ),
  }),
});

export const staffSlotsEndpoint = endpoint({
  method: 'GET',
  path: '/staff-api/appointments/slots',
  access: { door: 'staff', role: 'support' },
  /** `appointmentId`: the appointment being moved, whose own time counts as free. */
  request: z.object({ serviceId: uuidField, stylistId: uuidField, appointmentId: uuidField.optional() }),
  response: z.object({ slots: z.array(slotSchema) }),
});

export const staffBookEndpoint = endpoint({
  method: 'POST',
  path: '/staff-api/appointments/book',
  audit: 'appointment.book',
  access: { door: 'staff', role: 'support' },
  status: 201,
  request: z.object({
    loyaltyId: text().min(1, 'Give the card number').max(40),
    serviceId: uuidField,
    stylistId: uuidField,
    startsAt: instantField,
    note: appointmentNoteField,
  }),
  response: z.object({ appointment: staffAppointmentSchema }),
});

export const staffMoveEndpoint = endpoint({
  method: 'POST',
  path: '/staff-api/appointments/move',
  audit: 'appointment.move',
  access: { door: 'staff', role: 'support' },
  request: z.object({ id: uuidField, startsAt: instantField }),
  response: z.object({ appointment: staffAppointmentSchema }),
});

export const staffCancelEndpoint = endpoint({
  method: 'POST',
  path: '/staff-api/appointments/cancel',
  audit: 'appointment.cancel',
  access: { door: 'staff', role: 'support' },
  request: z.object({ id: uuidField }),
  response: z.object({ appointment: staffAppointmentSchema }),
});

export const staffMarkEndpoint = endpoint({
  method: 'POST',
  path: '/staff-api/appointments/mark',
  audit: 'appointment.mark',
  access: { door: 'staff', role: 'support' },
  request: z.object({ id: uuidField, status: z.enum(['arrived', 'no-show']) }),
  response: z.object({ appointment: staffAppointmentSchema }),
});
