-- Invoices (« Facture », docs/rules.md#invoices): one per order, issued once the sale is made,
-- numbered in one sequence without gaps and kept as issued. The number comes from the one
-- counter row, updated in the invoice's own transaction: a failed issue gives its number back.
CREATE TABLE invoice_numbers (
    id   integer PRIMARY KEY CHECK (id = 1),
    last bigint NOT NULL CHECK (last >= 0)
);
INSERT INTO invoice_numbers (id, last) VALUES (1, 0);

CREATE TABLE invoices (
    order_id  uuid PRIMARY KEY REFERENCES orders (id) ON DELETE RESTRICT,
    number    bigint NOT NULL UNIQUE CHECK (number >= 1),
    issued_at timestamptz NOT NULL,
    -- What it says, as it said it when issued (bitik_orders::invoice::InvoiceContent).
    content   text NOT NULL CHECK (content::jsonb IS NOT NULL)
);

-- An issued invoice is never rewritten nor removed.
CREATE FUNCTION invoices_are_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'an invoice is kept as issued';
END;
$$;
CREATE TRIGGER invoices_kept BEFORE UPDATE OR DELETE ON invoices
    FOR EACH ROW EXECUTE FUNCTION invoices_are_kept();
