DROP TABLE two_factor_recovery_codes;
ALTER TABLE users
    DROP CONSTRAINT users_two_factor_on_with_a_secret,
    DROP COLUMN two_factor_last_step,
    DROP COLUMN two_factor_enabled_at,
    DROP COLUMN two_factor_secret;
