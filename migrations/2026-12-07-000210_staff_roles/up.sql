-- Staff roles (docs/roles.md): the owner (admin), a manager, sellers and couriers.
ALTER TABLE users DROP CONSTRAINT users_role_check;
ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('customer', 'admin', 'manager', 'seller', 'courier'));

-- The shop always keeps an active administrator: demoting or deactivating the last one is refused
-- here, where two owners demoting each other at the same moment cannot both succeed (the lock
-- makes the second wait for the first and then count again).
CREATE FUNCTION users_keep_an_admin() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF OLD.role = 'admin' AND OLD.active AND NOT (NEW.role = 'admin' AND NEW.active) THEN
        PERFORM pg_advisory_xact_lock(hashtext('users_keep_an_admin'));
        IF NOT EXISTS (SELECT 1 FROM users WHERE role = 'admin' AND active AND id <> NEW.id) THEN
            RAISE EXCEPTION 'the last active administrator stays one' USING ERRCODE = 'BK001';
        END IF;
    END IF;
    RETURN NEW;
END;
$$;
CREATE TRIGGER users_keep_an_admin BEFORE UPDATE OF role, active ON users
    FOR EACH ROW EXECUTE FUNCTION users_keep_an_admin();
