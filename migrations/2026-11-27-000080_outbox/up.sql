-- The transactional outbox: every message to a customer or to the shop is written here in the
-- transaction of the event that causes it, then sent by the server's sender (docs/messages.md).
CREATE TABLE messages (
    id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    kind             text NOT NULL CHECK (kind IN ('order_placed', 'shop_new_order', 'confirmation_asked',
                         'payment_received', 'order_shipped', 'order_delivered', 'order_cancelled',
                         'order_refused', 'refunded', 'reset_link')),
    recipient        text NOT NULL CHECK (length(recipient) BETWEEN 3 AND 320),
    subject          text NOT NULL,
    body_text        text NOT NULL,
    body_html        text NOT NULL,
    order_id         uuid REFERENCES orders (id) ON DELETE CASCADE,
    state            text NOT NULL DEFAULT 'pending'
                         CHECK (state IN ('pending', 'sent', 'failed', 'not_configured')),
    attempts         integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    next_attempt_at  timestamptz NOT NULL DEFAULT now(),
    last_error       text,
    created_at       timestamptz NOT NULL DEFAULT now(),
    sent_at          timestamptz,
    CHECK ((state = 'sent') = (sent_at IS NOT NULL))
);
-- The sender's question: the pending messages due, oldest first.
CREATE INDEX messages_due_idx ON messages (next_attempt_at) WHERE state = 'pending';
CREATE INDEX messages_order_idx ON messages (order_id, created_at) WHERE order_id IS NOT NULL;
CREATE INDEX messages_state_idx ON messages (state, created_at DESC);

-- Wakes the senders as soon as a message is committed (they also look every 15 s).
CREATE FUNCTION bitik_messages_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('bitik_messages', '');
    RETURN NULL;
END;
$$;
CREATE TRIGGER messages_notify AFTER INSERT OR UPDATE OF state ON messages
    FOR EACH STATEMENT EXECUTE FUNCTION bitik_messages_notify();
