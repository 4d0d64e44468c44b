-- Refused orders become cancelled ones: the code before this migration knows no refusal.
DROP TABLE phone_records;
DROP INDEX orders_shipping_phone_idx;
DROP TABLE order_confirmation_attempts;
DROP TABLE order_confirmations;
ALTER TABLE orders
    DROP CONSTRAINT orders_returned_when_refused,
    DROP CONSTRAINT orders_courier_whole,
    DROP COLUMN returned_at,
    DROP COLUMN courier_phone,
    DROP COLUMN courier_name;
UPDATE order_status_history SET status = 'cancelled' WHERE status = 'refused';
UPDATE orders SET status = 'cancelled' WHERE status = 'refused';
ALTER TABLE order_status_history DROP CONSTRAINT order_status_history_status_check;
ALTER TABLE order_status_history ADD CONSTRAINT order_status_history_status_check
    CHECK (status IN ('pending', 'processing', 'shipped', 'delivered', 'cancelled'));
ALTER TABLE orders DROP CONSTRAINT orders_status_check;
ALTER TABLE orders ADD CONSTRAINT orders_status_check
    CHECK (status IN ('pending', 'processing', 'shipped', 'delivered', 'cancelled'));
