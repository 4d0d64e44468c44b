-- A refunded order keeps the time it was paid: the daily report counts its payment on the day it
-- came in and its refund on the day it went back. Paid still means a time of payment, and an
-- order never paid has none.
ALTER TABLE orders DROP CONSTRAINT orders_check1;
ALTER TABLE orders ADD CONSTRAINT orders_paid_at_of_payment CHECK (
    CASE payment_status
        WHEN 'paid' THEN paid_at IS NOT NULL
        WHEN 'refunded' THEN true
        ELSE paid_at IS NULL
    END
);
