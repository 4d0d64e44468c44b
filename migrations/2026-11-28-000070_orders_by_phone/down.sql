DROP INDEX orders_shipping_phone_idx;
