DROP INDEX orders_channel_idx;
ALTER TABLE orders DROP COLUMN source, DROP COLUMN channel;
