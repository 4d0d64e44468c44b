DROP INDEX product_variants_product_in_stock_idx;
DROP INDEX products_active_subcategory_price_idx;
CREATE INDEX products_subcategory_idx ON products (subcategory, created_at DESC) WHERE active;
DROP INDEX products_active_subcategory_idx;
DROP INDEX products_active_category_idx;
CREATE INDEX products_active_created_idx ON products (created_at DESC, id) WHERE active;
DROP INDEX products_active_newest_idx;
