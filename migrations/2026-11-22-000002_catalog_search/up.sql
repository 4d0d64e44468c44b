-- Catalogue search: what a search is compared with, and the trigram index that serves it.
--
-- `search_text` holds the folded name, subcategory and category ("t-shirt teranga t-shirt
-- vetement"). Shoppers also type words without their hyphens ("tshirt", "tshirts"), so the
-- haystack adds each text once more with hyphens removed. Queries compare with
-- bitik_search_haystack(search_text) exactly as written here, so this expression index is used
-- for both the substring (LIKE) and the typo-forgiving word-similarity (<%) matches.

CREATE FUNCTION bitik_search_haystack(text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
    RETURN $1 || ' ' || replace($1, '-', '');

CREATE INDEX products_search_haystack_trgm_idx ON products
    USING gin (bitik_search_haystack(search_text) gin_trgm_ops);
