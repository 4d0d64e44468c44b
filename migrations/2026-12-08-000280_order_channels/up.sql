-- Where each order came from (issue 43): the storefront (`web`), or a conversation a seller
-- turned into an order; and a storefront order's campaign (`utm_source`, the feeds').
ALTER TABLE orders
    ADD COLUMN channel text NOT NULL DEFAULT 'web'
        CHECK (channel IN ('web', 'whatsapp', 'instagram', 'facebook', 'tiktok', 'phone', 'boutique')),
    ADD COLUMN source text CHECK (source ~ '^[a-z0-9._-]{1,50}$');
-- The back office's list by channel, newest first; the sales by channel over a period.
CREATE INDEX orders_channel_idx ON orders (channel, created_at DESC);
