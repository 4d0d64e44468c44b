//! Generated catalogues for benchmarks: `bitik seed --products N` adds N products beside the demo
//! shop, in one set-based statement, so that 100 000 products take seconds rather than the hours
//! one insert per product through the service would.
//!
//! Everything is derived from the product's number (no `random()`), so two databases seeded with
//! the same N hold the same shop and two benchmark runs measure the same thing. The mix follows
//! the demo shop: the four subcategories in equal parts (a search for `chaine` finds about a
//! quarter of the catalogue), its colours and sizes, prices from 3 000 to 60 000 FCFA, one product
//! in ten on promotion, about one variant in eight sold out, arrivals spread over two years.

use diesel::sql_types::BigInt;
use diesel_async::RunQueryDsl;

use crate::{Database, DbError};

/// Inserts products `gen-1` … `gen-N` (skipping those already there) with their variants;
/// returns how many products were created.
pub async fn seed_generated_products(db: &Database, count: u64) -> Result<u64, DbError> {
    let count = i64::try_from(count).map_err(|_| DbError::inconsistent(format!("{count} products is too many")))?;
    let mut conn = db.conn().await?;
    crate::audit::transaction::<_, DbError, _>(&mut conn, async |conn| {
        // 100 000 products take longer than the pool's limit for one statement, meant for requests.
        diesel::sql_query("SET LOCAL statement_timeout = 0").execute(conn).await?;
        let created = diesel::sql_query(GENERATE_PRODUCTS).bind::<BigInt, _>(count).execute(conn).await?;
        diesel::sql_query(GENERATE_VARIANTS).execute(conn).await?;
        Ok(u64::try_from(created).unwrap_or_default())
    })
    .await
}

/// Products: name = kind + Dakar word + finish + number; pictures borrowed from a demo product
/// of the same subcategory so listings carry realistic URLs.
const GENERATE_PRODUCTS: &str = r#"
WITH kinds(k, category, subcategory, label, sizes, material) AS (VALUES
    (0, 'vetement',   't-shirt', 'T-shirt', ARRAY['S','M','L','XL','XXL'], '100% coton bio, 200 g/m²'),
    (1, 'vetement',   'pull',    'Pull',    ARRAY['XS','S','M','L','XL','XXL'], 'Molleton coton et polyester recyclé'),
    (2, 'accessoire', 'lunette', 'Lunettes', ARRAY['unique'], 'Acétate, verres polarisés UV400'),
    (3, 'accessoire', 'chaine',  'Chaîne',  ARRAY['unique'], 'Acier inoxydable 316L')
),
words(w) AS (SELECT ARRAY['Teranga','Ndakarou','Médina','Plateau','Almadies','Yoff','Ngor','Gorée',
    'Sandaga','Corniche','Fann','Ouakam','Soumbédioune','Hann','Mermoz','Liberté','Baobab','Lamb',
    'Sabar','Thiossane']),
finishes(f) AS (SELECT ARRAY['Classique','Oversize','Urbain','Signature','Vintage','Brodé','Essentiel',
    'Nuit','Soleil','Premium']),
palette(c) AS (SELECT ARRAY['noir','blanc','beige','gris','bleu marine','vert','bordeaux','kaki',
    'marron','rouge','doré','argenté']),
pictures AS MATERIALIZED (SELECT DISTINCT ON (subcategory) subcategory, images FROM products
             WHERE cardinality(images) > 0 ORDER BY subcategory, created_at),
numbered AS (
    SELECT n, kinds.*, words.w[1 + (n / 4) % 20] AS word, finishes.f[1 + (n / 80) % 10] AS finish,
           palette.c AS colours, (3000 + ((n * 7919) % 115) * 500)::bigint AS price
    FROM generate_series(1, $1::bigint) AS n
    JOIN kinds ON kinds.k = n % 4
    CROSS JOIN words CROSS JOIN finishes CROSS JOIN palette
)
INSERT INTO products (slug, name, short_description, description, price, promo_price, on_promotion,
                      category, subcategory, colors, sizes, images, material, care_instructions,
                      featured, active, created_at)
SELECT bitik_search_text(replace(numbered.label || '-' || word || '-' || finish, ' ', '-')) || '-gen-' || n,
       label || ' ' || word || ' ' || finish || ' ' || n,
       label || ' ' || lower(finish) || ', pensé à Dakar.',
       'Modèle ' || word || ' de la collection ' || finish || '. Coupe et finitions contrôlées à Dakar, '
           || 'pour un usage quotidien en ville.',
       price,
       CASE WHEN n % 10 = 0 THEN price - (price / 500 / 5) * 500 - 500 END,
       n % 10 = 0,
       category, subcategory,
       -- Offsets 1-5 and 6-10 from the first colour: never the same colour twice.
       ARRAY[colours[1 + n % 12], colours[1 + (n + 1 + (n / 12) % 5) % 12]]
           || CASE WHEN n % 3 = 0 THEN ARRAY[colours[1 + (n + 6 + (n / 60) % 5) % 12]] ELSE '{}' END,
       sizes,
       COALESCE(pictures.images, '{}'),
       material,
       'Lavage délicat à 30 °C. Ne pas sécher en machine.',
       n % 50 = 0,
       n % 40 <> 0,
       now() - make_interval(mins => ((n * 104729) % (730 * 24 * 60))::int)
FROM numbered LEFT JOIN pictures USING (subcategory)
ON CONFLICT (slug) DO NOTHING
"#;

/// Variants of generated products that have none yet: every (colour, size), 0 to 24 units.
const GENERATE_VARIANTS: &str = r#"
INSERT INTO product_variants (product_id, color, size, stock)
SELECT p.id, c.color, s.size,
       CASE WHEN (hashtext(p.slug || c.color || s.size) & 2147483647) % 8 = 0 THEN 0
            ELSE 1 + (hashtext(s.size || p.slug || c.color) & 2147483647) % 24 END
FROM products p
CROSS JOIN LATERAL unnest(p.colors) AS c(color)
CROSS JOIN LATERAL unnest(p.sizes) AS s(size)
WHERE p.slug LIKE '%-gen-%'
  AND NOT EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id)
"#;
