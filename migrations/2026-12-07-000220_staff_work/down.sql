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
        EXECUTE format('DROP TRIGGER %I ON %I', audited || '_audit', audited);
    END LOOP;
END;
$$;
DROP FUNCTION audit_row_change();
DROP TABLE audit_events;
DROP FUNCTION audit_events_append_only();
DROP TABLE stock_movements;
ALTER TABLE orders DROP COLUMN courier_id;
