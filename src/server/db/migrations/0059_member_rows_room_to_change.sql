-- Room on each page for a member row's next versions. Every purchase updates its
-- member's row (the kept balances, 0056), and a batch updates up to 500 of them. With a fifth of
-- each page free (0058) a third of those updates still found no room beside the old version: each
-- such update wrote the row to another page and new entries in all four of accounts' indexes, and
-- left the table growing (20,000 bench members: 38 MB, against 3.4 MB of rows). With half of each
-- page free, every update in the same run stayed on its page (HOT: 100% against 69-76%), and
-- batches of 500 recorded 4-6% more purchases a second (PostgreSQL, A B A B). PostgreSQL's advice
-- for a table whose rows are updated far more often than they are added. Pages written from now on
-- keep the space; existing ones gain it as their rows move (or at once with VACUUM FULL).
ALTER TABLE accounts SET (fillfactor = 50);
