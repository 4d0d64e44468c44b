-- What the payments service keeps of a Wave session beyond the first migration: the business
-- name Wave shows the shopper, the client reference Wave holds (checked against the order
-- before it is marked paid), and when the shopper gave the session up.
ALTER TABLE payments ADD COLUMN business_name text NOT NULL DEFAULT '';
ALTER TABLE payments ADD COLUMN client_reference text CHECK (length(client_reference) <= 255);
ALTER TABLE payments ADD COLUMN cancelled_at timestamptz;
