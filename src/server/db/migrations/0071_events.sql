-- Members' events: an invitation to an evening in a store or elsewhere, with RSVP, a waitlist, a
-- signed ticket checked in on the scan screen. docs/decisions/0087-events.md.
-- Title and description per locale ({"en-GB": "...", "da-DK": "..."}); the place is a store or a
-- venue (its name and address); the time zone is the store's, or the scheme's for a venue. Audience:
-- every member, some discount levels (accounts.vip_level) or a list of members (event_invitees).
CREATE TABLE events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  title jsonb NOT NULL CHECK (jsonb_typeof(title) = 'object'),
  description jsonb NOT NULL CHECK (jsonb_typeof(description) = 'object'),
  image_id uuid REFERENCES images (id) ON DELETE SET NULL,
  store_id uuid REFERENCES stores (id),
  venue_name text CHECK (length(venue_name) BETWEEN 1 AND 120),
  venue_address text NOT NULL DEFAULT '',
  time_zone text NOT NULL,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL CHECK (ends_at > starts_at),
  rsvp_deadline timestamptz NOT NULL CHECK (rsvp_deadline <= starts_at),
  capacity integer NOT NULL CHECK (capacity BETWEEN 1 AND 100000),
  guests_allowed integer NOT NULL CHECK (guests_allowed IN (0, 1)),
  audience text NOT NULL CHECK (audience IN ('all', 'levels', 'members')),
  levels text[] CHECK ((audience = 'levels') = (levels IS NOT NULL)),
  cancelled_at timestamptz,
  created_by uuid REFERENCES staff_members (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((store_id IS NULL) <> (venue_name IS NULL))
);
CREATE INDEX events_upcoming ON events (ends_at, starts_at);

-- The members an event of audience 'members' is for. Erased with the account.
CREATE TABLE event_invitees (
  event_id uuid NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  account_id uuid NOT NULL REFERENCES accounts (id),
  PRIMARY KEY (event_id, account_id)
);
CREATE INDEX event_invitees_account ON event_invitees (account_id);

-- A member's answer to an event, one row per event and member, changed in place. Places taken are
-- the attending rows' 1 + guests; the waitlist is the waitlisted rows in answered_at, id order (a
-- member who answers again goes to the back). checked_in_at is set once, by the scan screen.
-- reminder_sent_at: the day-before reminder was written. Erased with the account.
CREATE TABLE event_rsvps (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  event_id uuid NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  account_id uuid NOT NULL REFERENCES accounts (id),
  status text NOT NULL CHECK (status IN ('attending', 'waitlisted', 'declined', 'cancelled')),
  guests integer NOT NULL DEFAULT 0 CHECK (guests IN (0, 1)),
  answered_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  checked_in_at timestamptz,
  checked_in_by uuid REFERENCES staff_members (id) ON DELETE SET NULL,
  reminder_sent_at timestamptz,
  UNIQUE (event_id, account_id)
);
CREATE INDEX event_rsvps_account ON event_rsvps (account_id);
CREATE INDEX event_rsvps_waitlist ON event_rsvps (event_id, answered_at, id) WHERE status = 'waitlisted';
CREATE INDEX event_rsvps_reminders ON event_rsvps (event_id) WHERE status = 'attending' AND reminder_sent_at IS NULL;
