ALTER TABLE order_status_history DROP COLUMN by_kind, DROP COLUMN note_visible;
