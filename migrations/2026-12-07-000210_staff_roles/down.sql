DROP TRIGGER users_keep_an_admin ON users;
DROP FUNCTION users_keep_an_admin();
UPDATE users SET role = 'customer' WHERE role IN ('manager', 'seller', 'courier');
ALTER TABLE users DROP CONSTRAINT users_role_check;
ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('customer', 'admin'));
