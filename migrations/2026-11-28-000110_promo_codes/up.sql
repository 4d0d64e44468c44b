-- Promo codes (docs/rules.md#promo-codes). A code is kept in upper case: shoppers type it in any
-- case. A use is an order that names the code and is not cancelled, counted from `orders`, so a
-- cancelled order gives its use back however it was cancelled.
CREATE TABLE promo_codes (
    id                  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    code                text NOT NULL UNIQUE
                        CHECK (code = upper(code) AND code ~ '^[A-Z0-9_-]{3,30}$'),
    kind                text NOT NULL CHECK (kind IN ('percent', 'fixed')),
    -- A percentage (1 to 100) or whole francs.
    value               bigint NOT NULL CHECK (value > 0 AND (kind = 'fixed' OR value <= 100)),
    -- NULL: no minimum, no start, no end, no limit.
    min_subtotal        bigint CHECK (min_subtotal >= 0),
    starts_at           timestamptz,
    ends_at             timestamptz CHECK (ends_at > starts_at),
    usage_limit         integer CHECK (usage_limit > 0),
    once_per_customer   boolean NOT NULL DEFAULT false,
    includes_promotions boolean NOT NULL DEFAULT false,
    active              boolean NOT NULL DEFAULT true,
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now()
);

-- The code an order was placed with, by reference and by its spelling then; the discount it
-- gave is the order's `discount`, never more than its subtotal (delivery is never discounted).
ALTER TABLE orders
    ADD COLUMN promo_code_id uuid REFERENCES promo_codes (id),
    ADD COLUMN promo_code text NOT NULL DEFAULT '',
    ADD CONSTRAINT orders_discount_within_subtotal CHECK (discount <= subtotal),
    ADD CONSTRAINT orders_discount_has_code CHECK (discount = 0 OR promo_code_id IS NOT NULL);

-- A code's uses, in all and per customer, counted under its lock at checkout.
CREATE INDEX orders_promo_code_idx ON orders (promo_code_id, user_id) WHERE promo_code_id IS NOT NULL;
