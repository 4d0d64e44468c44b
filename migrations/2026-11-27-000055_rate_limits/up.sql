-- Rate limits, shared by every instance of the shop (bitik_postgres' rate_limits.rs). One row per
-- key: the theoretical arrival time (GCRA) of its next action, and whether its last action was
-- allowed. A row whose `tat` has passed is at rest, the same as no row: the server deletes such
-- rows every minute.
--
-- UNLOGGED: no write-ahead log for a row written at every login. A crash of PostgreSQL empties
-- the table, which only gives every key its whole allowance back. Nothing indexes `tat`, so
-- moving it is a HOT update, and the room fillfactor leaves on each page keeps it one.
CREATE UNLOGGED TABLE rate_limits (
    key     text PRIMARY KEY,
    tat     timestamptz NOT NULL,
    allowed boolean NOT NULL
) WITH (fillfactor = 70);
