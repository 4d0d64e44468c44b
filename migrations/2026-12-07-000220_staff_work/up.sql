-- The team's work (docs/roles.md): couriers assigned by their account, stock set by hand kept as
-- movements, and the audit log of every change staff make.

-- The courier's account carrying an order (`GET /api/courier/orders` lists theirs); the free
-- name and phone stay for couriers without one.
ALTER TABLE orders ADD COLUMN courier_id uuid REFERENCES users (id) ON DELETE SET NULL;
CREATE INDEX orders_courier ON orders (courier_id, created_at DESC) WHERE courier_id IS NOT NULL;

-- A variant's quantity set by hand, with its reason. Who did it is kept by name too: a movement
-- outlives the account.
CREATE TABLE stock_movements (
    id uuid PRIMARY KEY,
    product_id uuid NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    color text NOT NULL,
    size text NOT NULL,
    quantity_before integer NOT NULL CHECK (quantity_before >= 0),
    quantity_after integer NOT NULL CHECK (quantity_after >= 0),
    reason text NOT NULL CHECK (reason IN ('recount', 'damaged', 'found', 'other')),
    note text NOT NULL DEFAULT '',
    by_id uuid NOT NULL,
    by_name text NOT NULL,
    at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX stock_movements_product ON stock_movements (product_id, at DESC);

-- The audit log: one entry per change a staff member makes, written in the change's transaction
-- (crates/postgres/src/audit/), never changed afterwards.
CREATE TABLE audit_events (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    at timestamptz NOT NULL DEFAULT now(),
    actor_id uuid NOT NULL,
    actor_email text NOT NULL,
    actor_role text NOT NULL,
    action text NOT NULL,
    target_type text NOT NULL,
    target_id text NOT NULL,
    target_label text NOT NULL,
    changes jsonb NOT NULL DEFAULT '[]',
    ip text NOT NULL,
    request_id text NOT NULL
);
CREATE INDEX audit_events_at ON audit_events (at DESC, id DESC);
CREATE INDEX audit_events_actor ON audit_events (actor_id, at DESC);
CREATE INDEX audit_events_target ON audit_events (target_type, target_id, at DESC);
CREATE INDEX audit_events_action ON audit_events (action, at DESC);

-- History is not rewritten: no UPDATE, DELETE or TRUNCATE, whoever asks.
CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'audit_events is append-only: % refused', TG_OP USING ERRCODE = 'BK002';
END;
$$;
CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON audit_events
    FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events
    FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only();

-- What a staff member's transaction changes, row by row, before and after: gathered here while
-- the transaction runs (only when the application opened it for a staff member's request:
-- `bitik.audit` = 'on'), and written as one entry by the application before it commits. Outside
-- such a transaction it costs one setting read per row.
CREATE FUNCTION audit_row_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    old_row jsonb;
    new_row jsonb;
BEGIN
    IF current_setting('bitik.audit', true) IS DISTINCT FROM 'on' THEN
        RETURN NULL;
    END IF;
    IF TG_OP <> 'INSERT' THEN old_row := to_jsonb(OLD); END IF;
    IF TG_OP <> 'DELETE' THEN new_row := to_jsonb(NEW); END IF;
    IF old_row IS NOT DISTINCT FROM new_row THEN
        RETURN NULL;
    END IF;
    PERFORM set_config(
        'bitik.audit_changes',
        coalesce(current_setting('bitik.audit_changes', true), '')
            || jsonb_build_object('table', TG_TABLE_NAME, 'old', old_row, 'new', new_row)::text || E'\n',
        true
    );
    RETURN NULL;
END;
$$;

DO $$
DECLARE
    audited text;
BEGIN
    FOREACH audited IN ARRAY ARRAY[
        'products', 'product_variants', 'orders', 'order_items', 'order_status_history', 'payments',
        'refunds', 'order_confirmations', 'order_confirmation_attempts', 'invoices', 'users',
        'password_reset_tokens', 'promo_codes', 'delivery_zones', 'delivery_communes', 'phone_records',
        'messages'
    ] LOOP
        EXECUTE format(
            'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION audit_row_change()',
            audited || '_audit', audited
        );
    END LOOP;
END;
$$;
