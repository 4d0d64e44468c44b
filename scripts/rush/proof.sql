-- The stock proof after a checkout rush (customers.sql), on the rush customers' orders only (the
-- demo shop's month of orders is there before the rush). psql variable: prefix. Prints
-- "negative|mismatched|orders|units_sold|orphans": variants below 0; variants whose initial stock
-- is not what is left plus what was sold; the rush's orders; the units they sold; order lines
-- without an order and orders without lines.
\set ON_ERROR_STOP on
WITH rush AS (
  SELECT o.id FROM orders o JOIN users u ON u.id = o.user_id WHERE u.email LIKE :'prefix' || '-%'),
sold AS (
  SELECT i.product_id, i.color, i.size, sum(i.quantity) AS units
  FROM order_items i JOIN orders o ON o.id = i.order_id
  WHERE o.id IN (SELECT id FROM rush) AND o.status <> 'cancelled'
  GROUP BY 1, 2, 3)
SELECT (SELECT count(*) FROM product_variants WHERE stock < 0),
       (SELECT count(*) FROM rush_initial_stock b JOIN product_variants v USING (id)
          LEFT JOIN sold s ON (s.product_id, s.color, s.size) = (b.product_id, b.color, b.size)
          WHERE b.stock <> v.stock + coalesce(s.units, 0)),
       (SELECT count(*) FROM rush),
       (SELECT coalesce(sum(units), 0) FROM sold),
       (SELECT count(*) FROM order_items i LEFT JOIN orders o ON o.id = i.order_id WHERE o.id IS NULL)
         + (SELECT count(*) FROM orders o WHERE NOT EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id));
