-- The personal shopper's foundations: the scheme's stores, images uploaded by staff, the stylist
-- capability with the profile members see, and each member's own personal shopper. Appointments,
-- store visits, events and style guides build on these tables.

-- Stores where members meet their stylist. `code` is what a till sends as a purchase's store (the
-- same text the ledger keeps as store_display_name may differ: `name` is what members read).
CREATE TABLE stores (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  code text NOT NULL UNIQUE CHECK (code ~ '^[A-Za-z0-9_-]{1,40}$'),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  -- IANA time zone: a slot is shown and worked out in the store's own time.
  time_zone text NOT NULL,
  address text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Images uploaded by staff, kept in the database so that every app server on one PostgreSQL serves
-- them. The original is not kept: only renditions at fixed widths, each with its own size.
CREATE TABLE images (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  uploaded_by uuid REFERENCES staff_members (id) ON DELETE SET NULL,
  -- Width and height of the largest rendition, for the aspect ratio.
  width integer NOT NULL CHECK (width > 0),
  height integer NOT NULL CHECK (height > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE image_renditions (
  image_id uuid NOT NULL REFERENCES images (id) ON DELETE CASCADE,
  width integer NOT NULL CHECK (width > 0),
  height integer NOT NULL CHECK (height > 0),
  content_type text NOT NULL CHECK (content_type IN ('image/webp', 'image/jpeg', 'image/png')),
  bytes bytea NOT NULL,
  PRIMARY KEY (image_id, width)
);

-- A stylist is a staff member of any role whom an admin has made one: a capability, not a role.
ALTER TABLE staff_members ADD COLUMN is_stylist boolean NOT NULL DEFAULT false;

-- What members see of a stylist. Introductions per locale: {"en-GB": "...", "da-DK": "..."}.
CREATE TABLE stylist_profiles (
  staff_id uuid PRIMARY KEY REFERENCES staff_members (id) ON DELETE CASCADE,
  display_name text NOT NULL CHECK (length(display_name) BETWEEN 1 AND 80),
  photo_image_id uuid REFERENCES images (id) ON DELETE SET NULL,
  introduction jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(introduction) = 'object'),
  home_store_id uuid REFERENCES stores (id) ON DELETE SET NULL,
  -- BCP 47 language tags the stylist serves in, e.g. {en, da}.
  languages text[] NOT NULL DEFAULT '{}',
  -- The contact routes the stylist chooses to offer; NULL = not offered.
  work_email text,
  phone text,
  whatsapp text,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The member's own personal shopper: set from the invitation when its sender is a stylist, changed
-- by managers (audited). NULL: the member sees the scheme's customer-services block.
ALTER TABLE accounts ADD COLUMN personal_shopper_id uuid REFERENCES staff_members (id) ON DELETE SET NULL;
CREATE INDEX accounts_personal_shopper ON accounts (personal_shopper_id) WHERE personal_shopper_id IS NOT NULL;

-- The staff member who sent an invitation, when staff (not a partner system) sent it.
ALTER TABLE invites ADD COLUMN invited_by_staff_id uuid REFERENCES staff_members (id) ON DELETE SET NULL;
