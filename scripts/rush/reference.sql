-- The customers of the pgbench reference of checkout (`just bench`, bench/checkout-sql.mjs): for
-- each of `clients` pgbench clients, `per_client` customers of its own, made from their number m
-- alone so that the script finds them without a query: user 00000000-0000-4000-8000-m (12
-- digits), refsql-m@bitik.sn, phone +22176 + m (7 digits). Customer m belongs to client
-- (m - 1) % clients, and their cart holds three units of each of that client's two scarce
-- variants (rush_limited, from customers.sql): three orders' worth, as the app's customers.
-- psql variables: clients, per_client.
\set ON_ERROR_STOP on
INSERT INTO users (id, email, password_hash, first_name, last_name, phone, role)
SELECT ('00000000-0000-4000-8000-' || lpad(m::text, 12, '0'))::uuid, 'refsql-' || m || '@bitik.sn', password_hash,
       'Client', 'Refsql ' || m, '+22176' || lpad(m::text, 7, '0'), 'customer'
FROM users CROSS JOIN generate_series(1, :clients * :per_client) AS m WHERE email = 'client@bitik.sn';

INSERT INTO cart_items (user_id, product_id, color, size, quantity)
SELECT ('00000000-0000-4000-8000-' || lpad(m::text, 12, '0'))::uuid, l.product_id, l.color, l.size, 3
FROM generate_series(1, :clients * :per_client) AS m
JOIN rush_limited l ON l.k IN ((m - 1) % :clients % 4, ((m - 1) % :clients + 1) % 4);
