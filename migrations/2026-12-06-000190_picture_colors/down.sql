ALTER TABLE products DROP COLUMN image_colors;
