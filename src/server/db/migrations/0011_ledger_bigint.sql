-- Balances, ledger amounts and order values are 64-bit: a member's points past 2^31 (two hundred
-- purchases at the per-purchase maximum) no longer overflow a column or a sum. The limits that keep
-- every value far below 2^53 (JavaScript's exact integers) are checked before writing; see
-- src/shared/domain/ledger-limits.ts.
ALTER TABLE accounts ALTER COLUMN points_balance TYPE bigint, ALTER COLUMN cash_balance TYPE bigint;
ALTER TABLE ledger_entries ALTER COLUMN points TYPE bigint, ALTER COLUMN cash TYPE bigint, ALTER COLUMN order_value TYPE bigint;
