-- Money going back to customers: a Wave refund asked of Wave (full amount), or a refund of a
-- cash-on-delivery order the shop made itself, in cash or by Wave transfer (any amount up to what
-- was paid). One row per attempt; its state follows what is known of it.
CREATE TABLE refunds (
    id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    order_id      uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    amount        bigint NOT NULL CHECK (amount > 0),
    method        text NOT NULL CHECK (method IN ('wave', 'cash', 'wave_transfer')),
    -- requested: asked of Wave, no answer yet; unknown: the answer was lost (a timeout), to be
    -- checked with Wave; succeeded; failed (with Wave's error code). The shop's own refunds
    -- are succeeded when recorded.
    state         text NOT NULL CHECK (state IN ('requested', 'succeeded', 'failed', 'unknown')),
    reason        text NOT NULL CHECK (length(reason) BETWEEN 1 AND 500),
    -- As shown to people ('Admin Prénom Nom').
    requested_by  text NOT NULL,
    user_id       uuid REFERENCES users (id) ON DELETE SET NULL,
    error_code    text,
    created_at    timestamptz NOT NULL DEFAULT now(),
    settled_at    timestamptz,
    CHECK ((state IN ('succeeded', 'failed')) = (settled_at IS NOT NULL))
);
-- A Wave refund in flight or made is the order's only one: two requests at once cannot both
-- reach Wave, and a refunded order is never refunded again.
CREATE UNIQUE INDEX refunds_one_wave_refund_idx ON refunds (order_id)
    WHERE method = 'wave' AND state <> 'failed';
CREATE INDEX refunds_order_idx ON refunds (order_id, created_at);
-- The daily report reads refunds by the day they were made.
CREATE INDEX refunds_settled_idx ON refunds (settled_at) WHERE state = 'succeeded';
