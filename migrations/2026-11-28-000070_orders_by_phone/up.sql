-- Each checkout counts the orders awaiting payment of its phone, whichever accounts placed them
-- (docs/rules.md#orders): found by the phone, not by reading every order.
CREATE INDEX orders_shipping_phone_idx ON orders (shipping_phone);
