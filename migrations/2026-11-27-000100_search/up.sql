-- Catalogue search by words: every word of a search must be found in the product, and where it
-- is found ranks it (name, then category and subcategory, then colours, then description).
--
-- Each product keeps four cumulative documents, the French full-text lexemes (`french`: plurals
-- and feminines share a stem, stop words are dropped) of its folded text (`bitik_search_text`:
-- case and accents aside). A search is a conjunction of words; its products are those whose
-- `search_document` holds every word, ranked by the first of `search_name`, `search_kind`,
-- `search_labels` that does. Each document has its own index and its own statistics, so that
-- PostgreSQL knows that « noir » is common among colours but rare among names, and reads the
-- newest products in order for a common word instead of gathering and sorting all its matches.
--
-- Hyphens are written both ways ("t-shirt" and "tshirt"): shoppers type either, and the query
-- drops them.

CREATE FUNCTION bitik_search_words(text) RETURNS tsvector
    LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
    RETURN to_tsvector('pg_catalog.french'::regconfig,
                       bitik_search_text($1) || ' ' || replace(bitik_search_text($1), '-', ''));

-- array_to_string is only STABLE (it may call any type's output function); on text[] it is not.
CREATE FUNCTION bitik_search_list(text[]) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
    RETURN array_to_string($1, ' ');

ALTER TABLE products
    ADD COLUMN search_name tsvector GENERATED ALWAYS AS (bitik_search_words(name)) STORED,
    ADD COLUMN search_kind tsvector GENERATED ALWAYS AS (
        bitik_search_words(name) || bitik_search_words(category || ' ' || subcategory)) STORED,
    ADD COLUMN search_labels tsvector GENERATED ALWAYS AS (
        bitik_search_words(name) || bitik_search_words(category || ' ' || subcategory)
            || bitik_search_words(bitik_search_list(colors))) STORED,
    ADD COLUMN search_document tsvector GENERATED ALWAYS AS (
        bitik_search_words(name) || bitik_search_words(category || ' ' || subcategory)
            || bitik_search_words(bitik_search_list(colors))
            || bitik_search_words(short_description || ' ' || description)) STORED;

CREATE INDEX products_search_name_idx ON products USING gin (search_name);
CREATE INDEX products_search_kind_idx ON products USING gin (search_kind);
CREATE INDEX products_search_labels_idx ON products USING gin (search_labels);
CREATE INDEX products_search_document_idx ON products USING gin (search_document);

-- The substring and word-similarity search these served is gone.
DROP INDEX products_search_trgm_idx;
DROP INDEX products_search_haystack_trgm_idx;

-- Every word the catalogue's documents hold, to correct a search's word that none holds (one
-- typo) or complete it (a word being typed) into words that exist before the products are read:
-- a corrected common word then costs what the word itself costs. `products` counts the products
-- that came to hold the word; it only grows (a word stays as common as it ever was), which tells
-- a search whose matches are few (ranked in one statement from the documents' index) from one
-- with many (read newest first, tier by tier, stopping after a page). Words are never removed: a
-- word no product holds any more finds nothing, as typed. "C" collation: a prefix is a range of
-- the primary key.
CREATE TABLE search_words (
    word     text COLLATE "C" PRIMARY KEY,
    products bigint NOT NULL DEFAULT 0
);
-- Nearest words by trigram distance, for typo candidates; numbers are never corrected.
CREATE INDEX search_words_trgm_idx ON search_words USING gist (word gist_trgm_ops) WHERE word !~ '[0-9]';

-- In the words' order, so that two writers adding the same new words never wait on each other in turn.
CREATE FUNCTION bitik_count_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO search_words (word, products)
        SELECT word, count(*) FROM written, unnest(tsvector_to_array(written.search_document)) AS word
        GROUP BY word ORDER BY word
        ON CONFLICT (word) DO UPDATE SET products = search_words.products + EXCLUDED.products;
    ELSE
        -- Only the words a product did not hold before.
        INSERT INTO search_words (word, products)
        SELECT word, count(*)
        FROM written JOIN previous USING (id),
             unnest(tsvector_to_array(written.search_document)) AS word
        WHERE NOT (tsvector_to_array(previous.search_document) @> ARRAY[word])
        GROUP BY word ORDER BY word
        ON CONFLICT (word) DO UPDATE SET products = search_words.products + EXCLUDED.products;
    END IF;
    RETURN NULL;
END
$$;

CREATE TRIGGER products_search_words_inserted
    AFTER INSERT ON products REFERENCING NEW TABLE AS written
    FOR EACH STATEMENT EXECUTE FUNCTION bitik_count_search_words();

CREATE TRIGGER products_search_words_updated
    AFTER UPDATE ON products REFERENCING OLD TABLE AS previous NEW TABLE AS written
    FOR EACH STATEMENT EXECUTE FUNCTION bitik_count_search_words();

INSERT INTO search_words (word, products)
SELECT word, count(*) FROM products, unnest(tsvector_to_array(search_document)) AS word GROUP BY word;
