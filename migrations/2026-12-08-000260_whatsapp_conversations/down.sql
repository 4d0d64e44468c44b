DROP TABLE whatsapp_inbound;
DROP INDEX messages_whatsapp_recipient_idx;
DELETE FROM messages WHERE kind = 'chat_reply';
ALTER TABLE messages DROP CONSTRAINT messages_kind_check;
ALTER TABLE messages ADD CONSTRAINT messages_kind_check CHECK (kind IN ('order_placed', 'shop_new_order',
    'confirmation_asked', 'payment_received', 'order_shipped', 'order_delivered', 'order_cancelled',
    'order_refused', 'refunded', 'reset_link', 'back_in_stock'));
ALTER TABLE messages
    DROP CONSTRAINT messages_chat_reply,
    DROP CONSTRAINT messages_whatsapp_template,
    DROP COLUMN author_id,
    DROP COLUMN buttons,
    ADD CONSTRAINT messages_whatsapp_template
        CHECK ((channel = 'whatsapp') = (template IS NOT NULL AND variables IS NOT NULL AND category IS NOT NULL));
