ALTER TABLE delivery_zones DROP COLUMN express_delay;
