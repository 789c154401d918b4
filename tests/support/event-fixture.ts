import type { EventRow } from '../../src/server/events/event-rules.ts';

/** An event as the mails read it: long words and a long address, as a real one may have. */
export const mailEvent: EventRow = {
  id: '6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f',
  title: {
    'en-GB': 'The winter collection preview evening for members',
    'da-DK': 'Forpremiere på vinterkollektionen for medlemmer',
  },
  description: {
    'en-GB':
      'See the winter collection before it reaches the shop floor, with drinks and our stylists on hand.',
    'da-DK':
      'Se vinterkollektionen, før den kommer i butikken, med forfriskninger og vores stylister til stede.',
  },
  image_id: null,
  time_zone: 'Europe/London',
  starts_at: new Date('2026-12-09T18:30:00Z'),
  ends_at: new Date('2026-12-09T21:00:00Z'),
  rsvp_deadline: new Date('2026-12-07T18:30:00Z'),
  capacity: 40,
  guests_allowed: 1,
  audience: 'all',
  levels: null,
  cancelled_at: null,
  store_id: null,
  place_name: 'Regent Street',
  place_address: '235 Regent Street, London W1B 2EL',
  taken: 12,
};
