-- Sessions and devices: the member sees and ends their sessions at /help/security,
-- and is emailed when a session starts on a browser not seen before for them.

-- The id the member's screen names a session by. The primary key is the hash of the cookie's token:
-- it never leaves the server.
ALTER TABLE sessions ADD COLUMN id uuid NOT NULL DEFAULT gen_random_uuid();
ALTER TABLE sessions ADD CONSTRAINT sessions_id_key UNIQUE (id);

-- The browser and platform read from the User-Agent when the session started ("Chrome", "macOS";
-- "Safari", "iPhone"); NULL when it said nothing we recognise.
ALTER TABLE sessions ADD COLUMN browser text;
ALTER TABLE sessions ADD COLUMN platform text;

-- The browsers each member has signed in on: the hash of a long-lived random cookie the browser
-- carries (sessions/known-browsers.ts). A sign-in from a browser not in this list, for a member who
-- has one, writes the "new sign-in" email. Rows not seen for longer than the cookie lives are swept.
CREATE TABLE known_browsers (
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  browser_hash text NOT NULL,
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, browser_hash)
);

CREATE INDEX known_browsers_last_seen ON known_browsers (last_seen_at);
