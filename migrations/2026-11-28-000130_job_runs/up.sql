-- The server's periodic jobs (the expiry of unpaid Wave orders and of unconfirmed
-- cash-on-delivery orders, the rate limits' cleanup) run once per slot however many instances
-- serve the shop: every instance asks for the current slot of a job, and the one whose INSERT
-- makes the row runs it (bitik_postgres' jobs.rs). The row then says when the run ended and what
-- it did, so that "each slot ran once" can be read here; a row left without `finished_at` is a
-- run whose instance died, and the next slot does its work (every job is idempotent).
CREATE TABLE job_runs (
    job         text NOT NULL,
    -- The start of the slot, on PostgreSQL's clock (slots are whole multiples of the period).
    slot        timestamptz NOT NULL,
    -- Which instance ran it: host name and process id.
    instance    text NOT NULL,
    started_at  timestamptz NOT NULL DEFAULT clock_timestamp(),
    finished_at timestamptz,
    -- What the run changed (orders cancelled or found paid, keys forgotten…).
    handled     integer,
    -- Items it could not handle, or 1 when the run failed as a whole (`error`).
    failures    integer,
    error       text,
    PRIMARY KEY (job, slot)
);
