-- What the shop's WhatsApp messages cost (issue 42, docs/messages.md#what-whatsapp-costs): a
-- login code, sent the moment it is asked for, is recorded once Meta took it, as kind
-- `login_code` in the authentication category, without the code (its variables are empty).
ALTER TABLE messages DROP CONSTRAINT messages_kind_check;
ALTER TABLE messages ADD CONSTRAINT messages_kind_check CHECK (kind IN ('order_placed', 'shop_new_order',
    'confirmation_asked', 'payment_received', 'order_shipped', 'order_delivered', 'order_cancelled',
    'order_refused', 'refunded', 'reset_link', 'back_in_stock', 'chat_reply', 'login_code')),
    ADD CONSTRAINT messages_login_code_kept_without_code
        CHECK (kind <> 'login_code' OR (category = 'authentication' AND variables = '[]'::jsonb));
-- The month's bill: the template messages sent, by when.
CREATE INDEX messages_billed_idx ON messages (sent_at, category) WHERE category IS NOT NULL AND sent_at IS NOT NULL;
