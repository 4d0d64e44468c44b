-- Indexes the listing's orders and filters read in order, so a page costs the same at 1 000 and
-- at 100 000 products (docs/benchmarks.md shows the plans).
--
-- Every listing order ends on `created_at DESC, id DESC`: with `id` descending too, the index
-- hands rows out in the exact order and a LIMIT stops after one page, with no sort at all.
CREATE INDEX products_active_newest_idx ON products (created_at DESC, id DESC) WHERE active;
DROP INDEX products_active_created_idx;
CREATE INDEX products_active_category_idx ON products (category, created_at DESC, id DESC) WHERE active;
CREATE INDEX products_active_subcategory_idx ON products (subcategory, created_at DESC, id DESC) WHERE active;
DROP INDEX products_subcategory_idx;
-- A subcategory sorted or bounded by the price paid; the colours come along so the colour filter
-- is checked from the index alone.
CREATE INDEX products_active_subcategory_price_idx ON products (subcategory, effective_price)
    INCLUDE (colors) WHERE active;
-- The size filter's "a variant of this product in these sizes and colours with stock left",
-- answered from the index alone.
CREATE INDEX product_variants_product_in_stock_idx ON product_variants (product_id, size, color) WHERE stock > 0;
