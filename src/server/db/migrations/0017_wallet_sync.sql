-- Wallet cards that stay current: the wallet outbox, wallet presence and voided passes.
-- See src/server/wallet/wallet-sync.ts.

-- The wallet outbox is two numbers on the pass row. change_seq moves on in the very transaction of
-- any write that may change what the pass shows (the triggers below: a ledger row written or
-- confirmed, a balance, the name, the currency, the card number, the account's deletion);
-- synced_seq is the change_seq the wallet worker last handled. A pass is due while they differ, so
-- many writes before the worker's next round coalesce into one update of the card.
ALTER TABLE wallet_passes
  ADD COLUMN change_seq bigint NOT NULL DEFAULT 0,
  ADD COLUMN synced_seq bigint NOT NULL DEFAULT 0,
  -- Failed rounds for this pass (APNs or Google unreachable) and when to try again (back-off).
  ADD COLUMN sync_attempts integer NOT NULL DEFAULT 0,
  ADD COLUMN sync_next_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN sync_error text,
  -- The update_seq (Apple's "updated since" tag) the devices were last pushed about.
  ADD COLUMN apple_pushed_seq bigint NOT NULL DEFAULT 0,
  -- The content_hash the Google Wallet object was last written with (NULL: no object created yet).
  ADD COLUMN google_hash text,
  -- Whether Google reported the object saved in a wallet (save and delete callbacks).
  ADD COLUMN google_saved boolean NOT NULL DEFAULT false,
  -- When the object was last written asking Google to notify the member (Google allows three
  -- notifications a day per pass; more updates are written without asking).
  ADD COLUMN google_notified_at timestamptz[] NOT NULL DEFAULT '{}',
  -- Set in the deletion's transaction: the pass is served voided and the Google object inactive.
  ADD COLUMN voided_at timestamptz;

CREATE INDEX wallet_passes_due ON wallet_passes (sync_next_at) WHERE change_seq > synced_seq;

-- Whether the member's card is in a wallet, for Home: 'in-wallet' while a device is registered for
-- the Apple pass or Google reported the card saved; 'removed' once it was there and is no longer.
ALTER TABLE accounts ADD COLUMN wallet_presence text CHECK (wallet_presence IN ('in-wallet', 'removed'));

-- (The migration runner splits statements at a semicolon that ends a line: a function's body keeps
-- its inner semicolons mid-line.)

-- Google's save/delete callbacks already handled (their nonce), so a redelivery changes nothing.
CREATE TABLE wallet_google_callbacks (
  nonce text PRIMARY KEY,
  received_at timestamptz NOT NULL DEFAULT now()
);

CREATE FUNCTION wallet_mark_changed_from_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE wallet_passes p SET change_seq = p.change_seq + 1
    FROM (SELECT DISTINCT account_id FROM changed_entries) c
   WHERE p.account_id = c.account_id; RETURN NULL; END $$;

CREATE TRIGGER wallet_ledger_inserted AFTER INSERT ON ledger_entries
  REFERENCING NEW TABLE AS changed_entries
  FOR EACH STATEMENT EXECUTE FUNCTION wallet_mark_changed_from_ledger();

CREATE TRIGGER wallet_ledger_updated AFTER UPDATE ON ledger_entries
  REFERENCING NEW TABLE AS changed_entries
  FOR EACH STATEMENT EXECUTE FUNCTION wallet_mark_changed_from_ledger();

CREATE FUNCTION wallet_mark_changed_from_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE wallet_passes SET change_seq = change_seq + 1 WHERE account_id = NEW.id; RETURN NULL; END $$;

CREATE TRIGGER wallet_account_updated AFTER UPDATE ON accounts
  FOR EACH ROW
  WHEN ((OLD.points_balance, OLD.cash_balance, OLD.full_name, OLD.currency, OLD.loyalty_id, OLD.deleted_at)
        IS DISTINCT FROM
        (NEW.points_balance, NEW.cash_balance, NEW.full_name, NEW.currency, NEW.loyalty_id, NEW.deleted_at))
  EXECUTE FUNCTION wallet_mark_changed_from_account();
