-- Logging in with a code sent to the phone (docs/rules.md#login-by-code).

-- The phone an account logs in with a code by: one proved by such a code, so one account per
-- phone. (The profile's `phone` is what the customer typed, never proved: it opens nothing.)
ALTER TABLE users
    ADD COLUMN login_phone TEXT,
    ADD CONSTRAINT users_login_phone_e164 CHECK (login_phone ~ '^\+[1-9][0-9]{6,14}$');
CREATE UNIQUE INDEX users_login_phone_key ON users (login_phone);

-- An account opened by a code has neither e-mail nor password: it is reached by its phone.
ALTER TABLE users
    ALTER COLUMN email DROP NOT NULL,
    ALTER COLUMN password_hash DROP NOT NULL,
    ADD CONSTRAINT users_reached_by_email_or_phone CHECK (email IS NOT NULL OR login_phone IS NOT NULL),
    -- Nor names until its first order or its profile gives them.
    DROP CONSTRAINT users_first_name_check,
    DROP CONSTRAINT users_last_name_check,
    ADD CONSTRAINT users_first_name_check
        CHECK (length(first_name) <= 100 AND (length(first_name) >= 1 OR login_phone IS NOT NULL)),
    ADD CONSTRAINT users_last_name_check
        CHECK (length(last_name) <= 100 AND (length(last_name) >= 1 OR login_phone IS NOT NULL));

-- Each phone's last code, as an HMAC of the phone and the code under a key derived from the
-- shop's secret (never the code itself), when it was sent, and the phone's wrong codes, which a
-- new code carries for an hour (bitik_identity::login_code::FAILURE_MEMORY).
CREATE TABLE login_codes (
    phone TEXT PRIMARY KEY CHECK (phone ~ '^\+[1-9][0-9]{6,14}$'),
    sealed BYTEA NOT NULL CHECK (octet_length(sealed) = 32),
    sent_at TIMESTAMPTZ NOT NULL,
    wrong_tries INTEGER NOT NULL CHECK (wrong_tries >= 0)
);
-- A right code is used up by deleting its row (its phone's wrong codes with it).
