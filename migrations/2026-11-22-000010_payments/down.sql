ALTER TABLE payments DROP COLUMN cancelled_at;
ALTER TABLE payments DROP COLUMN client_reference;
ALTER TABLE payments DROP COLUMN business_name;
