-- The customers of a checkout rush (`just bench`, `just cluster-test`) and the four scarce
-- variants they all want. psql variables: prefix (their e-mails are PREFIX-N@bitik.sn),
-- customers (how many), stock (units left of each variant). Prints the customers as JSON for
-- bench/checkout.mjs and bench/cluster.mjs: e-mail, password, a phone of their own (a phone holds
-- 3 orders awaiting payment at most), and two lines of two different scarce variants.
\set ON_ERROR_STOP on
INSERT INTO users (email, password_hash, first_name, last_name, phone, role)
SELECT :'prefix' || '-' || n || '@bitik.sn', password_hash, 'Client', initcap(:'prefix') || ' ' || n,
       '+22177' || lpad(n::text, 7, '0'), 'customer'
FROM users CROSS JOIN generate_series(1, :customers) AS n WHERE email = 'client@bitik.sn';

CREATE TABLE rush_limited AS
SELECT (row_number() OVER (ORDER BY p.created_at, p.id) - 1)::int AS k, v.id AS variant_id, p.id AS product_id,
       v.color, v.size
FROM products p JOIN product_variants v ON v.product_id = p.id
WHERE p.active AND p.subcategory = 't-shirt' AND v.color = 'noir' AND v.size = 'M'
ORDER BY p.created_at, p.id LIMIT 4;
UPDATE product_variants SET stock = :stock WHERE id IN (SELECT variant_id FROM rush_limited);
-- What the stock proof (proof.sql) compares the stock left with.
CREATE TABLE rush_initial_stock AS SELECT id, product_id, color, size, stock FROM product_variants;

SELECT json_agg(json_build_object('email', :'prefix' || '-' || n || '@bitik.sn', 'password', 'bitik-client',
    'phone', '+22177' || lpad(n::text, 7, '0'),
    'items', json_build_array(
      json_build_object('productId', a.product_id, 'color', a.color, 'size', a.size, 'quantity', 1),
      json_build_object('productId', b.product_id, 'color', b.color, 'size', b.size, 'quantity', 1))))
FROM generate_series(1, :customers) AS n
JOIN rush_limited a ON a.k = n % 4 JOIN rush_limited b ON b.k = (n + 1) % 4;
