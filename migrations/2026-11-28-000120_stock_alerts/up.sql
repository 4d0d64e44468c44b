-- Back-in-stock alerts (docs/rules.md#back-in-stock): a shopper leaves an address on a sold-out
-- variant; when the variant has stock again, the `stock_alerts` job writes one message per alert
-- to the outbox and marks the alert spent (`sent_at`), in one transaction.
CREATE TABLE stock_alerts (
    id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    product_id  uuid NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    color       text NOT NULL,
    size        text NOT NULL,
    -- Lowercased and trimmed (bitik_common::Email).
    email       text NOT NULL CHECK (length(email) BETWEEN 3 AND 320),
    -- E.164, when the shopper gave one.
    phone       text,
    -- What the message's unsubscribe link carries: random, never shown elsewhere.
    token       uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
    created_at  timestamptz NOT NULL DEFAULT now(),
    -- When its message was written: the alert is spent.
    sent_at     timestamptz
);
-- One waiting alert per address and variant: asking again changes nothing.
CREATE UNIQUE INDEX stock_alerts_waiting_key ON stock_alerts (product_id, color, size, email)
    WHERE sent_at IS NULL;
-- The job's and the unsubscribe link's question: the waiting alerts of an address.
CREATE INDEX stock_alerts_email_idx ON stock_alerts (email) WHERE sent_at IS NULL;

-- The outbox learns the new kind of message.
ALTER TABLE messages DROP CONSTRAINT messages_kind_check;
ALTER TABLE messages ADD CONSTRAINT messages_kind_check CHECK (kind IN ('order_placed', 'shop_new_order',
    'confirmation_asked', 'payment_received', 'order_shipped', 'order_delivered', 'order_cancelled',
    'order_refused', 'refunded', 'reset_link', 'back_in_stock'));
