-- Two-step login for the shop's team (docs/roles.md#two-step-login): the secret shared with an
-- authenticator app, when it was turned on (NULL while a secret waits for its first code), and
-- the last time step a code was accepted at, so that no code is accepted twice.
ALTER TABLE users
    ADD COLUMN two_factor_secret BYTEA,
    ADD COLUMN two_factor_enabled_at TIMESTAMPTZ,
    ADD COLUMN two_factor_last_step BIGINT,
    ADD CONSTRAINT users_two_factor_on_with_a_secret
        CHECK (two_factor_enabled_at IS NULL OR two_factor_secret IS NOT NULL);

-- The recovery codes, by their SHA-256 (of the account and the code: 80 random bits, see
-- bitik_identity::two_factor::recovery_code_hash); each serves once.
CREATE TABLE two_factor_recovery_codes (
    user_id UUID NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    code_hash BYTEA NOT NULL,
    used_at TIMESTAMPTZ,
    PRIMARY KEY (user_id, code_hash)
);
