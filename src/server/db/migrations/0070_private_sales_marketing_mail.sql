-- Marketing mail (a campaign's send to the members who consent to email) and private sales, the
-- first kind of campaign. docs/decisions/0086-marketing-mail-and-private-sales.md.

-- A member's own action (revealing a sale's code) is in the audit log beside staff and key actions.
ALTER TABLE audit_log DROP CONSTRAINT audit_log_actor_kind_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_actor_kind_check
  CHECK (actor_kind IN ('staff', 'api_key', 'bootstrap', 'member'));

-- One send of a campaign (a kind such as 'private-sale' and that thing's id), due at send_at. The job
-- walks consenting members in account-id order, a batch per transaction; `through` is the last
-- account a batch passed, finished_at set when the walk reached the end.
CREATE TABLE marketing_campaigns (
  kind text NOT NULL CHECK (kind ~ '^[a-z-]{1,40}$'),
  id uuid NOT NULL,
  send_at timestamptz NOT NULL,
  through uuid,
  finished_at timestamptz,
  PRIMARY KEY (kind, id)
);

CREATE INDEX marketing_campaigns_due ON marketing_campaigns (send_at) WHERE finished_at IS NULL;

-- One row per campaign and member, written with the mail in one transaction: its key is why a
-- campaign never reaches a member twice, however many servers send it. The mail's unsubscribe link
-- carries a random token; only its SHA-256 is kept. Deleted with the member's account.
CREATE TABLE marketing_mails (
  kind text NOT NULL,
  campaign_id uuid NOT NULL,
  account_id uuid NOT NULL REFERENCES accounts (id),
  unsubscribe_hash text NOT NULL UNIQUE,
  sent_at timestamptz NOT NULL DEFAULT now(),
  -- When this mail's link withdrew the consent; a link works once.
  unsubscribed_at timestamptz,
  PRIMARY KEY (kind, campaign_id, account_id),
  FOREIGN KEY (kind, campaign_id) REFERENCES marketing_campaigns (kind, id) ON DELETE CASCADE
);

CREATE INDEX marketing_mails_account ON marketing_mails (account_id);

-- A private sale: words per locale ({"en-GB": "...", "da-DK": "..."}), when it runs, who may shop
-- (discount levels as accounts.vip_level holds them; NULL: every member), the shop's link, and its
-- code: one shared code, or a unique code per member from private_sale_codes.
CREATE TABLE private_sales (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name jsonb NOT NULL CHECK (jsonb_typeof(name) = 'object'),
  description jsonb NOT NULL CHECK (jsonb_typeof(description) = 'object'),
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL CHECK (ends_at > starts_at),
  levels text[],
  shop_url text NOT NULL,
  code_kind text NOT NULL CHECK (code_kind IN ('shared', 'unique')),
  shared_code text CHECK ((code_kind = 'shared') = (shared_code IS NOT NULL)),
  created_by uuid REFERENCES staff_members (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX private_sales_running ON private_sales (ends_at, starts_at);

-- A sale's unique codes. A code is given once: given_at stays set when the member's account is
-- erased (account_id then NULL), so the code, which may have been used in the shop, is never given again.
CREATE TABLE private_sale_codes (
  id bigserial PRIMARY KEY,
  sale_id uuid NOT NULL REFERENCES private_sales (id) ON DELETE CASCADE,
  code text NOT NULL CHECK (length(code) BETWEEN 1 AND 64),
  account_id uuid REFERENCES accounts (id),
  given_at timestamptz,
  UNIQUE (sale_id, code),
  UNIQUE (sale_id, account_id)
);

CREATE INDEX private_sale_codes_free ON private_sale_codes (sale_id, id) WHERE given_at IS NULL;

-- Each member's reveal of a sale's code (what they were shown, and when): the first reveal writes
-- it, every later one reads it, so a member always sees the same code.
CREATE TABLE private_sale_reveals (
  sale_id uuid NOT NULL REFERENCES private_sales (id) ON DELETE CASCADE,
  account_id uuid NOT NULL REFERENCES accounts (id),
  code text NOT NULL,
  revealed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (sale_id, account_id)
);

CREATE INDEX private_sale_reveals_account ON private_sale_reveals (account_id);
