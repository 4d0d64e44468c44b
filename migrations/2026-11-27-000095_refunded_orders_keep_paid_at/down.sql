ALTER TABLE orders DROP CONSTRAINT orders_paid_at_of_payment;
UPDATE orders SET paid_at = NULL WHERE payment_status = 'refunded';
ALTER TABLE orders ADD CONSTRAINT orders_check1 CHECK ((payment_status = 'paid') = (paid_at IS NOT NULL));
