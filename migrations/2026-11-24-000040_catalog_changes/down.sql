DROP TRIGGER product_variants_changed ON product_variants;
DROP TRIGGER products_changed ON products;
DROP FUNCTION bitik_catalog_changed();
