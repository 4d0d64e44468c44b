-- A picture of a product shows one of its colours, or every colour (docs/rules.md#catalogue):
-- `image_colors[i]` is the colour of `images[i]`, NULL (or missing) for a picture shown with
-- every colour. The shop used to read the n-th picture as the n-th colour's: existing products
-- keep that meaning, a picture beyond the last colour showing with every colour.
ALTER TABLE products ADD COLUMN image_colors text[] NOT NULL DEFAULT '{}';

UPDATE products
   SET image_colors = ARRAY(SELECT colors[i] FROM generate_subscripts(images, 1) AS i ORDER BY i)
 WHERE cardinality(images) > 0;
