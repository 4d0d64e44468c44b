-- Phones are kept in E.164 (+221771234567). Which stored phones are real numbers, and of which
-- country, only libphonenumber can tell, which SQL cannot call: this migration records a data
-- step that `bitik migrate` runs once, right after the SQL migrations (bitik_postgres'
-- data_steps.rs). It rewrites every stored phone that reads as a number under the rule of the
-- forms (Senegal by default) and leaves the others as they are.
CREATE TABLE data_steps (
    name    text PRIMARY KEY,
    -- Empty while the step is still to run.
    done_at timestamptz
);

INSERT INTO data_steps (name) VALUES ('phones_e164');
