DROP INDEX IF EXISTS products_search_haystack_trgm_idx;
DROP FUNCTION IF EXISTS bitik_search_haystack(text);
