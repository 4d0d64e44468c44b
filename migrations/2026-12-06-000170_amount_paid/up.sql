-- What the customer has paid of an order so far, whole francs. An order is paid when this
-- reaches its total; a correction of a paid order's delivery or items may leave a balance due
-- (a Wave link for the difference) or an overpayment (a refund of the difference)
-- (docs/rules.md#corrections).
ALTER TABLE orders ADD COLUMN amount_paid bigint NOT NULL DEFAULT 0 CHECK (amount_paid >= 0);
UPDATE orders SET amount_paid = total WHERE payment_status IN ('paid', 'refunded');

-- Paid in part (a balance a correction left): pending again, and paid when that part came in.
ALTER TABLE orders DROP CONSTRAINT orders_paid_at_of_payment;
ALTER TABLE orders ADD CONSTRAINT orders_paid_at_of_payment CHECK (
    CASE payment_status
        WHEN 'paid' THEN paid_at IS NOT NULL
        WHEN 'refunded' THEN true
        ELSE (paid_at IS NULL) = (amount_paid = 0)
    END
);
