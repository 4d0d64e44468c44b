-- Cash on delivery confirmed before it ships, parcels refused at the door, couriers, and what
-- the shop knows of each phone (docs/rules.md#cash-on-delivery).

-- A parcel refused at the door.
ALTER TABLE orders DROP CONSTRAINT orders_status_check;
ALTER TABLE orders ADD CONSTRAINT orders_status_check
    CHECK (status IN ('pending', 'processing', 'shipped', 'delivered', 'cancelled', 'refused'));
ALTER TABLE order_status_history DROP CONSTRAINT order_status_history_status_check;
ALTER TABLE order_status_history ADD CONSTRAINT order_status_history_status_check
    CHECK (status IN ('pending', 'processing', 'shipped', 'delivered', 'cancelled', 'refused'));

ALTER TABLE orders
    -- Who carries the shipped parcel: both or neither.
    ADD COLUMN courier_name  text CHECK (length(courier_name) BETWEEN 1 AND 100),
    ADD COLUMN courier_phone text CHECK (courier_phone ~ '^\+[1-9][0-9]{6,14}$'),
    -- When a refused parcel was back at the shop, its units back in stock.
    ADD COLUMN returned_at   timestamptz,
    ADD CONSTRAINT orders_courier_whole CHECK ((courier_name IS NULL) = (courier_phone IS NULL)),
    ADD CONSTRAINT orders_returned_when_refused CHECK (returned_at IS NULL OR status = 'refused');

-- A cash-on-delivery order's confirmation: one row per such order, none for Wave's.
CREATE TABLE order_confirmations (
    order_id     uuid PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
    state        text NOT NULL CHECK (state IN ('awaiting', 'confirmed', 'no_answer', 'wrong_number')),
    -- Since when the order waits: when it was placed, or reopened. The expiry counts from it.
    requested_at timestamptz NOT NULL,
    -- When the customer's signed link confirmed it: a link serves once.
    link_used_at timestamptz,
    CHECK (link_used_at IS NULL OR state = 'confirmed')
);
-- The expiry sweep's question.
CREATE INDEX order_confirmations_unconfirmed_idx ON order_confirmations (requested_at) WHERE state <> 'confirmed';

-- Every report of a call (or of the customer's confirmation), oldest first.
CREATE TABLE order_confirmation_attempts (
    id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    order_id    uuid NOT NULL REFERENCES order_confirmations (order_id) ON DELETE CASCADE,
    outcome     text NOT NULL CHECK (outcome IN ('confirmed', 'no_answer', 'wrong_number')),
    -- As shown to people ('Admin Prénom Nom', 'Client').
    changed_by  text NOT NULL,
    user_id     uuid REFERENCES users (id) ON DELETE SET NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_confirmation_attempts_order_idx ON order_confirmation_attempts (order_id, created_at);

-- Orders placed before this migration: those past `pending` were handled by the shop as it
-- did then, and count as confirmed (a cancelled one is not held against its phone). Pending
-- ones wait for their confirmation from now on: the expiry counts from this migration, so that
-- no order is cancelled the moment the shop upgrades.
INSERT INTO order_confirmations (order_id, state, requested_at)
SELECT id,
       CASE WHEN status = 'pending' THEN 'awaiting' ELSE 'confirmed' END,
       CASE WHEN status = 'pending' THEN now() ELSE created_at END
FROM orders
WHERE payment_method = 'cash_on_delivery';

-- Phones' records are counted from the orders by their phone (E.164), and each checkout counts
-- the orders awaiting payment of its phone, whichever accounts placed them. IF NOT EXISTS: a
-- database that ran an earlier spelling of this index keeps it.
CREATE INDEX IF NOT EXISTS orders_shipping_phone_idx ON orders (shipping_phone);

-- An admin's word on a phone: cash on delivery allowed despite the refusals (true), refused
-- whatever they are (false), or left to the rule (null), with the reason.
CREATE TABLE phone_records (
    phone       text PRIMARY KEY CHECK (phone ~ '^\+[1-9][0-9]{6,14}$'),
    cod_allowed boolean,
    note        text NOT NULL DEFAULT '' CHECK (length(note) <= 500),
    updated_by  text NOT NULL,
    user_id     uuid REFERENCES users (id) ON DELETE SET NULL,
    updated_at  timestamptz NOT NULL DEFAULT now()
);
