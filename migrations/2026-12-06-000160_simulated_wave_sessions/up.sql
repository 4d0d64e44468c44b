-- Test mode's Wave sessions (WAVE_MODE=test, docs/rules.md#payments), kept like Wave keeps its
-- own: a restart, another instance and the demo shop's orders see the same sessions, so that
-- « Caisse » reconciles a rehearsal shop as it would a real one. Never read with a Wave key.
CREATE TABLE simulated_wave_sessions (
    id                 text PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 100),
    client_reference   text CHECK (length(client_reference) <= 100),
    amount             bigint NOT NULL CHECK (amount >= 0),
    currency           text NOT NULL CHECK (length(currency) = 3),
    checkout_status    text NOT NULL CHECK (checkout_status IN ('open', 'complete', 'expired')),
    payment_status     text NOT NULL CHECK (payment_status IN ('processing', 'cancelled', 'succeeded')),
    launch_url         text NOT NULL,
    business_name      text NOT NULL,
    success_url        text NOT NULL,
    error_url          text NOT NULL,
    transaction_id     text,
    last_error_code    text,
    last_error_message text,
    created_at         timestamptz NOT NULL,
    expires_at         timestamptz NOT NULL,
    completed_at       timestamptz,
    refunded_at        timestamptz,
    -- A refund is of a payment made.
    CHECK (refunded_at IS NULL OR payment_status = 'succeeded')
);
CREATE INDEX simulated_wave_sessions_reference_idx ON simulated_wave_sessions (client_reference, created_at);
