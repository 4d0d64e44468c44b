-- WhatsApp both ways (issue 42, docs/messages.md#conversations).
--
-- The shop's messages: a template may carry quick-reply buttons, whose payloads come back when
-- the customer taps one; staff answer a customer in free text (kind `chat_reply`, no template),
-- and the answer names who wrote it.
ALTER TABLE messages
    ADD COLUMN buttons jsonb CHECK (jsonb_typeof(buttons) = 'array'),
    ADD COLUMN author_id uuid REFERENCES users (id) ON DELETE SET NULL,
    DROP CONSTRAINT messages_whatsapp_template,
    ADD CONSTRAINT messages_whatsapp_template CHECK (
        (template IS NULL) = (variables IS NULL) AND (template IS NULL) = (category IS NULL)
        AND (template IS NULL) = (buttons IS NULL)
        AND (channel = 'whatsapp' OR template IS NULL)
    ),
    ADD CONSTRAINT messages_chat_reply CHECK ((kind = 'chat_reply') = (channel = 'whatsapp' AND template IS NULL));
UPDATE messages SET buttons = '[]'::jsonb WHERE template IS NOT NULL;
ALTER TABLE messages DROP CONSTRAINT messages_kind_check;
ALTER TABLE messages ADD CONSTRAINT messages_kind_check CHECK (kind IN ('order_placed', 'shop_new_order',
    'confirmation_asked', 'payment_received', 'order_shipped', 'order_delivered', 'order_cancelled',
    'order_refused', 'refunded', 'reset_link', 'back_in_stock', 'chat_reply'));
-- A customer's conversation: the messages to their phone.
CREATE INDEX messages_whatsapp_recipient_idx ON messages (recipient, created_at DESC) WHERE channel = 'whatsapp';

-- What customers write to the shop's number, as the webhook brings it. Meta retries a webhook
-- until it is answered and signs no timestamp: a message is kept once, by Meta's id.
CREATE TABLE whatsapp_inbound (
    id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    provider_id text NOT NULL UNIQUE CHECK (length(provider_id) BETWEEN 1 AND 256),
    phone       text NOT NULL CHECK (phone ~ '^\+[1-9][0-9]{6,14}$'),
    -- The name the customer's WhatsApp profile gives.
    profile_name text NOT NULL DEFAULT '' CHECK (length(profile_name) <= 256),
    -- `text`, a tapped quick-reply `button`, or `other` (a picture, a voice note…: told, not kept).
    kind        text NOT NULL CHECK (kind IN ('text', 'button', 'other')),
    body        text NOT NULL CHECK (length(body) <= 4096),
    -- The customer's latest order when it came, where the back office shows it.
    order_id    uuid REFERENCES orders (id) ON DELETE SET NULL,
    -- When the customer sent it (Meta's time): the 24-hour window counts from it.
    sent_at     timestamptz NOT NULL,
    received_at timestamptz NOT NULL DEFAULT now(),
    -- When staff opened the conversation after it came.
    seen_at     timestamptz
);
CREATE INDEX whatsapp_inbound_phone_idx ON whatsapp_inbound (phone, sent_at DESC);
CREATE INDEX whatsapp_inbound_order_idx ON whatsapp_inbound (order_id) WHERE order_id IS NOT NULL;
