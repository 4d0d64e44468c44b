DROP TABLE login_codes;
DELETE FROM users WHERE email IS NULL;
ALTER TABLE users
    DROP CONSTRAINT users_reached_by_email_or_phone,
    DROP CONSTRAINT users_first_name_check,
    DROP CONSTRAINT users_last_name_check,
    ADD CONSTRAINT users_first_name_check CHECK (length(first_name) BETWEEN 1 AND 100),
    ADD CONSTRAINT users_last_name_check CHECK (length(last_name) BETWEEN 1 AND 100),
    ALTER COLUMN email SET NOT NULL,
    ALTER COLUMN password_hash SET NOT NULL,
    DROP COLUMN login_phone;
