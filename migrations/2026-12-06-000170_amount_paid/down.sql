ALTER TABLE orders DROP CONSTRAINT orders_paid_at_of_payment;
ALTER TABLE orders ADD CONSTRAINT orders_paid_at_of_payment CHECK (
    CASE payment_status
        WHEN 'paid' THEN paid_at IS NOT NULL
        WHEN 'refunded' THEN true
        ELSE paid_at IS NULL
    END
);
ALTER TABLE orders DROP COLUMN amount_paid;
