-- The whole shop as the first version sees it: accounts, catalogue with per-variant stock,
-- carts, orders with their history, Wave payments, newsletter.
-- Amounts are whole francs (XOF has no minor unit) in BIGINT; times are timestamptz in UTC.

CREATE EXTENSION IF NOT EXISTS unaccent;
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- unaccent() is only STABLE (it reads a dictionary), so it cannot be used in an index.
-- This wrapper names the dictionary explicitly, which makes declaring it IMMUTABLE safe.
CREATE FUNCTION bitik_search_text(text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
    RETURN lower(public.unaccent('public.unaccent'::regdictionary, $1));

-- Accounts -------------------------------------------------------------------------------

CREATE TABLE users (
    id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    email           text NOT NULL CHECK (email = lower(email) AND length(email) BETWEEN 3 AND 254),
    password_hash   text NOT NULL,
    first_name      text NOT NULL CHECK (length(first_name) BETWEEN 1 AND 100),
    last_name       text NOT NULL CHECK (length(last_name) BETWEEN 1 AND 100),
    phone           text NOT NULL DEFAULT '' CHECK (length(phone) <= 30),
    address         text NOT NULL DEFAULT '' CHECK (length(address) <= 300),
    city            text NOT NULL DEFAULT '' CHECK (length(city) <= 100),
    zip_code        text NOT NULL DEFAULT '' CHECK (length(zip_code) <= 20),
    country         text NOT NULL DEFAULT 'Sénégal' CHECK (length(country) <= 100),
    role            text NOT NULL DEFAULT 'customer' CHECK (role IN ('customer', 'admin')),
    active          boolean NOT NULL DEFAULT true,
    -- Raised on logout, password change and deactivation: tokens carrying an older value stop working.
    token_version   integer NOT NULL DEFAULT 0,
    -- Set by the forgot-password page; support sees it and sends a reset link.
    password_reset_requested_at timestamptz,
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now()
);
-- E-mails are stored lowercased, so this is uniqueness regardless of case.
CREATE UNIQUE INDEX users_email_key ON users (email);
CREATE INDEX users_created_at_idx ON users (created_at DESC);

CREATE TABLE addresses (
    id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    label       text NOT NULL DEFAULT '' CHECK (length(label) <= 60),
    first_name  text NOT NULL CHECK (length(first_name) BETWEEN 1 AND 100),
    last_name   text NOT NULL CHECK (length(last_name) BETWEEN 1 AND 100),
    phone       text NOT NULL CHECK (length(phone) <= 30),
    address     text NOT NULL CHECK (length(address) BETWEEN 1 AND 300),
    city        text NOT NULL CHECK (length(city) BETWEEN 1 AND 100),
    zip_code    text NOT NULL DEFAULT '' CHECK (length(zip_code) <= 20),
    country     text NOT NULL DEFAULT 'Sénégal' CHECK (length(country) <= 100),
    is_default  boolean NOT NULL DEFAULT false,
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX addresses_user_idx ON addresses (user_id, created_at);
-- At most one default address per user; the service keeps it at exactly one.
CREATE UNIQUE INDEX addresses_one_default ON addresses (user_id) WHERE is_default;

CREATE TABLE password_reset_tokens (
    id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- SHA-256 of the token: the token itself is only ever in the link.
    token_hash  bytea NOT NULL UNIQUE,
    expires_at  timestamptz NOT NULL,
    used_at     timestamptz,
    created_by  uuid REFERENCES users (id) ON DELETE SET NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_reset_tokens_user_idx ON password_reset_tokens (user_id);

-- Catalogue ------------------------------------------------------------------------------

CREATE TABLE products (
    id                  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    slug                text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
    name                text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
    short_description   text NOT NULL DEFAULT '' CHECK (length(short_description) <= 500),
    description         text NOT NULL CHECK (length(description) <= 10000),
    price               bigint NOT NULL CHECK (price >= 0),
    promo_price         bigint CHECK (promo_price >= 0),
    on_promotion        boolean NOT NULL DEFAULT false,
    category            text NOT NULL CHECK (category IN ('vetement', 'accessoire')),
    subcategory         text NOT NULL CHECK (
                            (category = 'vetement' AND subcategory IN ('t-shirt', 'pull'))
                         OR (category = 'accessoire' AND subcategory IN ('lunette', 'chaine'))),
    -- Display order of the product's colours and sizes; stock itself is per variant below.
    colors              text[] NOT NULL DEFAULT '{}',
    sizes               text[] NOT NULL DEFAULT '{}',
    images              text[] NOT NULL DEFAULT '{}',
    material            text NOT NULL DEFAULT '' CHECK (length(material) <= 500),
    care_instructions   text NOT NULL DEFAULT '' CHECK (length(care_instructions) <= 2000),
    featured            boolean NOT NULL DEFAULT false,
    active              boolean NOT NULL DEFAULT true,
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now(),
    -- What the shopper pays: kept by the database so listings sort and filter on one indexed column.
    effective_price     bigint GENERATED ALWAYS AS (
                            CASE WHEN on_promotion AND promo_price IS NOT NULL THEN promo_price ELSE price END
                        ) STORED,
    search_text         text GENERATED ALWAYS AS (
                            bitik_search_text(name || ' ' || subcategory || ' ' || category)
                        ) STORED,
    CHECK (NOT on_promotion OR (promo_price IS NOT NULL AND promo_price < price))
);
CREATE INDEX products_active_created_idx ON products (created_at DESC, id) WHERE active;
CREATE INDEX products_active_price_idx ON products (effective_price, id) WHERE active;
CREATE INDEX products_subcategory_idx ON products (subcategory, created_at DESC) WHERE active;
CREATE INDEX products_colors_idx ON products USING gin (colors) WHERE active;
CREATE INDEX products_search_trgm_idx ON products USING gin (search_text gin_trgm_ops);

CREATE TABLE product_variants (
    id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    product_id  uuid NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    color       text NOT NULL CHECK (length(color) BETWEEN 1 AND 50),
    -- 'unique' for accessories.
    size        text NOT NULL CHECK (length(size) BETWEEN 1 AND 20),
    stock       integer NOT NULL DEFAULT 0 CHECK (stock >= 0),
    UNIQUE (product_id, color, size)
);
CREATE INDEX product_variants_in_stock_idx ON product_variants (size, product_id) WHERE stock > 0;

-- Carts ----------------------------------------------------------------------------------

-- A customer has one server cart: its lines. Guests keep theirs in the browser.
CREATE TABLE cart_items (
    id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    product_id  uuid NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    color       text NOT NULL,
    size        text NOT NULL,
    quantity    integer NOT NULL CHECK (quantity > 0),
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now(),
    UNIQUE (user_id, product_id, color, size)
);

-- Orders ---------------------------------------------------------------------------------

CREATE TABLE orders (
    id                  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    order_number        text NOT NULL UNIQUE CHECK (order_number ~ '^ORD-[0-9]{10}$'),
    user_id             uuid NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
    status              text NOT NULL DEFAULT 'pending'
                        CHECK (status IN ('pending', 'processing', 'shipped', 'delivered', 'cancelled')),
    subtotal            bigint NOT NULL CHECK (subtotal >= 0),
    shipping_cost       bigint NOT NULL CHECK (shipping_cost >= 0),
    discount            bigint NOT NULL DEFAULT 0 CHECK (discount >= 0),
    total               bigint NOT NULL CHECK (total >= 0),
    shipping_first_name text NOT NULL,
    shipping_last_name  text NOT NULL,
    shipping_email      text NOT NULL,
    shipping_phone      text NOT NULL,
    shipping_address    text NOT NULL,
    shipping_city       text NOT NULL,
    shipping_country    text NOT NULL,
    shipping_zip_code   text NOT NULL DEFAULT '',
    shipping_method     text NOT NULL CHECK (shipping_method IN ('standard', 'express', 'pickup')),
    payment_method      text NOT NULL CHECK (payment_method IN ('wave', 'cash_on_delivery', 'card')),
    payment_status      text NOT NULL DEFAULT 'pending' CHECK (payment_status IN ('pending', 'paid', 'failed', 'refunded')),
    paid_at             timestamptz,
    tracking_note       text NOT NULL DEFAULT '' CHECK (length(tracking_note) <= 500),
    -- A repeated checkout submission with the same key returns the first order.
    idempotency_key     text CHECK (length(idempotency_key) <= 100),
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now(),
    CHECK (total = subtotal + shipping_cost - discount),
    CHECK ((payment_status = 'paid') = (paid_at IS NOT NULL))
);
CREATE UNIQUE INDEX orders_idempotency_key ON orders (user_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
CREATE INDEX orders_user_created_idx ON orders (user_id, created_at DESC);
CREATE INDEX orders_created_idx ON orders (created_at DESC);
CREATE INDEX orders_status_created_idx ON orders (status, created_at DESC);
-- Unpaid Wave orders are swept when their session lifetime is over.
CREATE INDEX orders_unpaid_wave_idx ON orders (created_at)
    WHERE status = 'pending' AND payment_method = 'wave' AND payment_status = 'pending';

CREATE TABLE order_items (
    id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    order_id    uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    product_id  uuid NOT NULL REFERENCES products (id) ON DELETE RESTRICT,
    -- Name, image and price as they were when ordered.
    name        text NOT NULL,
    image       text NOT NULL,
    color       text NOT NULL,
    size        text NOT NULL,
    quantity    integer NOT NULL CHECK (quantity > 0),
    unit_price  bigint NOT NULL CHECK (unit_price >= 0),
    position    integer NOT NULL DEFAULT 0
);
CREATE INDEX order_items_order_idx ON order_items (order_id, position);
CREATE INDEX order_items_product_idx ON order_items (product_id);

CREATE TABLE order_status_history (
    id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    order_id    uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    status      text NOT NULL CHECK (status IN ('pending', 'processing', 'shipped', 'delivered', 'cancelled')),
    note        text NOT NULL DEFAULT '' CHECK (length(note) <= 500),
    -- Who made the change as shown to people ('Client', 'Admin Prénom Nom', 'Wave', 'Système').
    changed_by  text NOT NULL,
    user_id     uuid REFERENCES users (id) ON DELETE SET NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_status_history_order_idx ON order_status_history (order_id, created_at);

-- Payments -------------------------------------------------------------------------------

CREATE TABLE payments (
    id                  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    order_id            uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    provider            text NOT NULL DEFAULT 'wave' CHECK (provider IN ('wave')),
    session_id          text NOT NULL UNIQUE,
    amount              bigint NOT NULL CHECK (amount >= 0),
    currency            text NOT NULL DEFAULT 'XOF',
    checkout_status     text NOT NULL CHECK (checkout_status IN ('open', 'complete', 'expired')),
    payment_status      text NOT NULL CHECK (payment_status IN ('processing', 'cancelled', 'succeeded')),
    launch_url          text NOT NULL,
    transaction_id      text,
    last_error_code     text,
    last_error_message  text,
    is_mock             boolean NOT NULL DEFAULT false,
    expires_at          timestamptz NOT NULL,
    completed_at        timestamptz,
    last_checked_at     timestamptz,
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payments_order_idx ON payments (order_id, created_at DESC);

-- Webhook events already handled: Wave may deliver one event several times.
CREATE TABLE payment_events (
    event_id     text PRIMARY KEY,
    event_type   text NOT NULL,
    session_id   text,
    received_at  timestamptz NOT NULL DEFAULT now()
);

-- Newsletter -----------------------------------------------------------------------------

CREATE TABLE newsletter_subscribers (
    id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    email       text NOT NULL UNIQUE CHECK (email = lower(email) AND length(email) BETWEEN 3 AND 254),
    created_at  timestamptz NOT NULL DEFAULT now()
);
