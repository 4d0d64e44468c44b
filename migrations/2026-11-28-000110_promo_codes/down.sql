DROP INDEX IF EXISTS orders_promo_code_idx;
ALTER TABLE orders
    DROP CONSTRAINT IF EXISTS orders_discount_has_code,
    DROP CONSTRAINT IF EXISTS orders_discount_within_subtotal,
    DROP COLUMN IF EXISTS promo_code,
    DROP COLUMN IF EXISTS promo_code_id;
DROP TABLE IF EXISTS promo_codes;
