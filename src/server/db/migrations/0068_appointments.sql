-- Appointments with a stylist: the services staff offer, where and by whom, each stylist's working
-- hours and their exceptions, and the appointments members (or staff, for a phone booking) book.
-- No slot is ever given twice: the exclusion constraint below refuses a second live appointment that
-- overlaps another of the same stylist, whichever app server writes it (docs/decisions/0083-*).

-- btree_gist lets one GiST index hold the stylist (equality) and the time range (overlap). A trusted
-- extension: the database's owner may create it. In public, so every schema on the search path sees it.
CREATE EXTENSION IF NOT EXISTS btree_gist WITH SCHEMA public;

-- A service members book: its name in each locale ({"en-GB": "...", "da-DK": "..."}), how long the
-- appointment lasts, and the stylist's preparation time before it (taken from their day, never shown).
CREATE TABLE appointment_services (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name jsonb NOT NULL CHECK (jsonb_typeof(name) = 'object'),
  duration_minutes integer NOT NULL CHECK (duration_minutes BETWEEN 5 AND 480),
  buffer_minutes integer NOT NULL DEFAULT 0 CHECK (buffer_minutes BETWEEN 0 AND 240),
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Where a service is offered, and which stylists offer it: a booking needs both.
CREATE TABLE appointment_service_stores (
  service_id uuid NOT NULL REFERENCES appointment_services (id) ON DELETE CASCADE,
  store_id uuid NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
  PRIMARY KEY (service_id, store_id)
);
CREATE TABLE appointment_service_stylists (
  service_id uuid NOT NULL REFERENCES appointment_services (id) ON DELETE CASCADE,
  staff_id uuid NOT NULL REFERENCES staff_members (id) ON DELETE CASCADE,
  PRIMARY KEY (service_id, staff_id)
);
CREATE INDEX appointment_service_stylists_staff ON appointment_service_stylists (staff_id);

-- A stylist's usual week: one span per ISO weekday (1 Monday .. 7 Sunday), in one store, in that
-- store's local time. A weekday without a row is a day off.
CREATE TABLE stylist_working_hours (
  staff_id uuid NOT NULL REFERENCES staff_members (id) ON DELETE CASCADE,
  weekday smallint NOT NULL CHECK (weekday BETWEEN 1 AND 7),
  store_id uuid NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
  starts time NOT NULL,
  ends time NOT NULL,
  CHECK (ends > starts),
  PRIMARY KEY (staff_id, weekday)
);

-- One day that differs from the usual week: a day off (no store) or a day's hours, perhaps in
-- another store.
CREATE TABLE stylist_hour_exceptions (
  staff_id uuid NOT NULL REFERENCES staff_members (id) ON DELETE CASCADE,
  day date NOT NULL,
  store_id uuid REFERENCES stores (id) ON DELETE CASCADE,
  starts time,
  ends time,
  CHECK (
    (store_id IS NULL AND starts IS NULL AND ends IS NULL)
    OR (store_id IS NOT NULL AND starts IS NOT NULL AND ends IS NOT NULL AND ends > starts)
  ),
  PRIMARY KEY (staff_id, day)
);

-- An appointment. `uid` and `sequence` are its calendar identity (RFC 5545 UID, SEQUENCE): the same
-- UID for the life of the appointment, the sequence moved on by each reschedule and the cancellation,
-- so a calendar updates its one event. The stylist is taken from `blocked_from` (the start less the
-- service's preparation time) to `ends_at`.
CREATE TABLE appointments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  uid text NOT NULL UNIQUE,
  sequence integer NOT NULL DEFAULT 0,
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  stylist_id uuid NOT NULL REFERENCES staff_members (id),
  service_id uuid NOT NULL REFERENCES appointment_services (id),
  store_id uuid NOT NULL REFERENCES stores (id),
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  blocked_from timestamptz NOT NULL,
  note text NOT NULL DEFAULT '' CHECK (length(note) <= 500),
  status text NOT NULL DEFAULT 'booked' CHECK (status IN ('booked', 'cancelled', 'arrived', 'no-show')),
  booked_by text NOT NULL CHECK (booked_by IN ('member', 'staff')),
  -- The day-before reminder: set in the transaction that writes it to the outbox, so it goes once.
  reminder_sent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_at > starts_at AND blocked_from <= starts_at),
  CONSTRAINT appointments_one_at_a_time EXCLUDE USING gist (
    stylist_id WITH =,
    tstzrange(blocked_from, ends_at) WITH &&
  ) WHERE (status <> 'cancelled')
);
CREATE INDEX appointments_account ON appointments (account_id, starts_at);
CREATE INDEX appointments_reminder_due ON appointments (starts_at) WHERE status = 'booked' AND reminder_sent_at IS NULL;

-- Email attachments (an appointment's .ics): [{"filename", "contentType", "content"}], content as text.
ALTER TABLE outbox_mail ADD COLUMN attachments jsonb NOT NULL DEFAULT '[]';
