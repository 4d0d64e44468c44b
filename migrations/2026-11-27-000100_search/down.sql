DROP TRIGGER products_search_words_updated ON products;
DROP TRIGGER products_search_words_inserted ON products;
DROP FUNCTION bitik_count_search_words();
DROP TABLE search_words;
CREATE INDEX products_search_trgm_idx ON products USING gin (search_text gin_trgm_ops);
CREATE INDEX products_search_haystack_trgm_idx ON products
    USING gin (bitik_search_haystack(search_text) gin_trgm_ops);
ALTER TABLE products DROP COLUMN search_document, DROP COLUMN search_labels, DROP COLUMN search_kind,
    DROP COLUMN search_name;
DROP FUNCTION bitik_search_list(text[]);
DROP FUNCTION bitik_search_words(text);
