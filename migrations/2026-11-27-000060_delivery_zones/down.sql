ALTER TABLE addresses DROP COLUMN landmark, DROP COLUMN commune;
DROP INDEX orders_delivery_zone_idx;
ALTER TABLE orders
    DROP COLUMN delivery_notes,
    DROP COLUMN landmark,
    DROP COLUMN commune_name,
    DROP COLUMN commune_code,
    DROP COLUMN delivery_zone_name,
    DROP COLUMN delivery_zone;
DROP TABLE delivery_communes;
DROP TABLE delivery_zones;
