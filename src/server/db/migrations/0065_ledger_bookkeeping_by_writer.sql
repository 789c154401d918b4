-- Whether the writer of a ledger row did its insert's bookkeeping itself (the member's viewer version
-- and kept pending sum, their wallet pass): the purchase functions do, in the statements they run
-- anyway, and set it; the ledger's insert triggers then stand aside for that row. Until now they
-- stood aside for a session setting the purchase functions made (loyalty.ledger_insert_bookkeeping),
-- so what an insert did depended on who ran it; now the row says. The triggers that read it, and the
-- functions that set it, are in points/sql/ledger_pending_changed.sql,
-- wallet/sql/wallet_mark_changed_from_ledger_row.sql and the purchase functions' files (applied after
-- this, together, in one transaction). A constant default: no table rewrite.
ALTER TABLE ledger_entries ADD COLUMN bookkept_by_writer boolean NOT NULL DEFAULT false;
