DROP INDEX messages_billed_idx;
DELETE FROM messages WHERE kind = 'login_code';
ALTER TABLE messages DROP CONSTRAINT messages_login_code_kept_without_code;
ALTER TABLE messages DROP CONSTRAINT messages_kind_check;
ALTER TABLE messages ADD CONSTRAINT messages_kind_check CHECK (kind IN ('order_placed', 'shop_new_order',
    'confirmation_asked', 'payment_received', 'order_shipped', 'order_delivered', 'order_cancelled',
    'order_refused', 'refunded', 'reset_link', 'back_in_stock', 'chat_reply'));
