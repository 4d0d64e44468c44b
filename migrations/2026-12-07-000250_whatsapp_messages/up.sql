-- The shop's messages on WhatsApp (issue 42, docs/messages.md#whatsapp-templates): a message of
-- the outbox goes by e-mail or on WhatsApp. A WhatsApp message is an approved template, its name
-- and its variables in order, under Meta's pricing category; once sent it carries Meta's id
-- (wamid), by which the webhook's statuses (sent, delivered, read, failed) find it.
ALTER TABLE messages
    ADD COLUMN channel text NOT NULL DEFAULT 'email' CHECK (channel IN ('email', 'whatsapp')),
    ADD COLUMN template text CHECK (length(template) BETWEEN 1 AND 512),
    ADD COLUMN variables jsonb CHECK (jsonb_typeof(variables) = 'array'),
    ADD COLUMN category text CHECK (category IN ('utility', 'authentication')),
    ADD COLUMN provider_id text CHECK (length(provider_id) BETWEEN 1 AND 256),
    ADD COLUMN delivery text CHECK (delivery IN ('sent', 'delivered', 'read', 'failed')),
    ADD COLUMN delivery_at timestamptz,
    ADD COLUMN delivery_error text,
    ADD CONSTRAINT messages_whatsapp_template
        CHECK ((channel = 'whatsapp') = (template IS NOT NULL AND variables IS NOT NULL AND category IS NOT NULL)),
    ADD CONSTRAINT messages_delivery_at CHECK ((delivery IS NULL) = (delivery_at IS NULL));
CREATE UNIQUE INDEX messages_provider_idx ON messages (provider_id) WHERE provider_id IS NOT NULL;
