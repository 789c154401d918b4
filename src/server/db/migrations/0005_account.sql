-- Account work: profile updates and deletion (SPEC §4 Profile update, Account deletion).

-- A deleted member's consent history is kept without its personal link: the rows stay (how many
-- people consented, and when) but no longer point at anyone.
ALTER TABLE marketing_consents ALTER COLUMN account_id DROP NOT NULL;

-- The ledger of a deleted member stays for the retailer's accounts; this marks which rows were
-- anonymised, and when.
ALTER TABLE ledger_entries ADD COLUMN anonymised_at timestamptz;
