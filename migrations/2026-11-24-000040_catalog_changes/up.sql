-- Every committed statement that writes the catalogue (products, their variants and stock)
-- notifies the channel `bitik_catalog`, whoever runs it: the servers listening to it drop what
-- their read caches hold (crates/postgres/src/catalog_cache.rs). PostgreSQL sends one
-- notification per transaction, at its commit, and none for a transaction rolled back.
CREATE FUNCTION bitik_catalog_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('bitik_catalog', '');
    RETURN NULL;
END
$$;

CREATE TRIGGER products_changed
    AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
    FOR EACH STATEMENT EXECUTE FUNCTION bitik_catalog_changed();

CREATE TRIGGER product_variants_changed
    AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_variants
    FOR EACH STATEMENT EXECUTE FUNCTION bitik_catalog_changed();
