DROP TABLE IF EXISTS newsletter_subscribers, payment_events, payments, order_status_history,
    order_items, orders, cart_items, product_variants, products, password_reset_tokens,
    addresses, users;
DROP FUNCTION IF EXISTS bitik_search_text(text);
DROP EXTENSION IF EXISTS pg_trgm;
DROP EXTENSION IF EXISTS unaccent;
