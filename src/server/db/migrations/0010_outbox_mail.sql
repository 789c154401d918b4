-- The transactional outbox: every email is a row written in the same transaction as the change that
-- causes it; a worker (src/server/email/outbox.ts) delivers it afterwards, with retries and back-off.
-- The recipient column is named `email` on purpose: deleting an account erases every row of a table
-- with an `email` column addressed to the member (docs/deletion.md), so their pending mail goes too.
CREATE TABLE outbox_mail (
  id bigserial PRIMARY KEY,
  email text NOT NULL,
  subject text NOT NULL,
  html text NOT NULL,
  body_text text NOT NULL,
  -- The links the mail carries (the development log prints them); JSON array of strings.
  links jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Delivery attempts started so far; a claim counts one and leases the row until next_attempt_at.
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  sent_at timestamptz,
  given_up_at timestamptz
);

-- What the worker claims: undelivered rows by due time.
CREATE INDEX outbox_mail_due ON outbox_mail (next_attempt_at, id) WHERE sent_at IS NULL AND given_up_at IS NULL;
CREATE INDEX outbox_mail_email ON outbox_mail (lower(email));
