-- From here on each database function is a source file in its feature's sql/ folder (for example
-- src/server/points/sql/record_purchase.sql), applied by the migration runner after the numbered
-- migrations whenever its text changes; the numbered migrations that defined them are their history
-- (docs/ledger.md). Two functions had no caller left and get no file:
-- - record_purchases_statement(): the purchase sets' statement as text, from which 0057-0060 made
--   record_purchases_set and record_purchases_batch; both are now written out in full.
-- - purchase_member(): the rule finding a purchase's member, which every purchase function writes
--   inline.
DROP FUNCTION record_purchases_statement();
DROP FUNCTION purchase_member(text);
