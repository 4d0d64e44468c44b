DELETE FROM messages WHERE kind = 'back_in_stock';
ALTER TABLE messages DROP CONSTRAINT messages_kind_check;
ALTER TABLE messages ADD CONSTRAINT messages_kind_check CHECK (kind IN ('order_placed', 'shop_new_order',
    'confirmation_asked', 'payment_received', 'order_shipped', 'order_delivered', 'order_cancelled',
    'order_refused', 'refunded', 'reset_link'));
DROP TABLE stock_alerts;
