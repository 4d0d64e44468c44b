-- The profile no longer asks for an address of its own (a postcode and a country list: Dakar has
-- neither): it shows the address book's default address (docs/rules.md#accounts). A customer whose
-- book is empty and whose profile holds an address finds it there, as their default address:
-- with its commune when the profile's city names one of the delivery zones' communes (case,
-- accents and hyphens aside), else with the city as typed and no commune, for the customer to
-- choose one when next editing it. The profile never asked for a landmark: none is made up. The
-- profile's own lines stay, for older clients.
INSERT INTO addresses (user_id, first_name, last_name, phone, address, city, zip_code, country, is_default, commune)
SELECT u.id, u.first_name, u.last_name, u.phone, btrim(u.address), COALESCE(c.name, btrim(u.city)), u.zip_code,
       COALESCE(NULLIF(btrim(u.country), ''), 'Sénégal'), true, c.code
  FROM users u
  LEFT JOIN LATERAL (
        SELECT code, name
          FROM delivery_communes
         WHERE btrim(replace(bitik_search_text(name), '-', ' ')) = btrim(replace(bitik_search_text(u.city), '-', ' '))
         ORDER BY code
         LIMIT 1) c ON true
 WHERE btrim(u.address) <> '' AND btrim(u.city) <> ''
   AND NOT EXISTS (SELECT 1 FROM addresses a WHERE a.user_id = u.id);
