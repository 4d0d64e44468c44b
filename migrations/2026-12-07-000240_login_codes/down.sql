DROP TABLE login_codes;
ALTER TABLE users DROP COLUMN login_phone;
