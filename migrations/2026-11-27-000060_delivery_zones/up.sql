-- Delivery by zone: the shop's own data of where it delivers, at what fee, in how long, and
-- whether cash on delivery is taken there (docs/rules.md#delivery). The back office edits it;
-- the rows below are a starting point, one line per commune so that a correction is one line.

CREATE TABLE delivery_zones (
    code             text PRIMARY KEY CHECK (code ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(code) <= 60),
    name             text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    -- Whole francs. Standard delivery; express where offered (NULL: not offered); standard
    -- delivery free from this subtotal (NULL: never free).
    fee              bigint NOT NULL CHECK (fee >= 0),
    express_fee      bigint CHECK (express_fee >= 0),
    free_from        bigint CHECK (free_from >= 0),
    -- As shoppers read it: « 24 h », « 2 à 4 jours ouvrés ».
    delay            text NOT NULL CHECK (length(delay) BETWEEN 1 AND 60),
    cash_on_delivery boolean NOT NULL DEFAULT true,
    active           boolean NOT NULL DEFAULT true,
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now()
);

-- A commune is in one zone at most: its code is unique across zones.
CREATE TABLE delivery_communes (
    code      text PRIMARY KEY CHECK (code ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(code) <= 60),
    zone_code text NOT NULL REFERENCES delivery_zones (code) ON DELETE CASCADE,
    name      text NOT NULL CHECK (length(name) BETWEEN 1 AND 100)
);
CREATE INDEX delivery_communes_zone_idx ON delivery_communes (zone_code);

-- An order keeps the zone, commune, landmark and notes it was placed with, by name too: the fee
-- it was charged is already its own (shipping_cost). A zone named by orders cannot be deleted.
ALTER TABLE orders
    ADD COLUMN delivery_zone      text REFERENCES delivery_zones (code) ON DELETE RESTRICT,
    ADD COLUMN delivery_zone_name text NOT NULL DEFAULT '' CHECK (length(delivery_zone_name) <= 100),
    ADD COLUMN commune_code       text NOT NULL DEFAULT '' CHECK (length(commune_code) <= 60),
    ADD COLUMN commune_name       text NOT NULL DEFAULT '' CHECK (length(commune_name) <= 100),
    ADD COLUMN landmark           text NOT NULL DEFAULT '' CHECK (length(landmark) <= 200),
    ADD COLUMN delivery_notes     text NOT NULL DEFAULT '' CHECK (length(delivery_notes) <= 500);
CREATE INDEX orders_delivery_zone_idx ON orders (delivery_zone) WHERE delivery_zone IS NOT NULL;

-- The address book names the commune by its code (its name is the zone data's) and keeps the
-- landmark. A commune taken off the list leaves the addresses that named it without one.
ALTER TABLE addresses
    ADD COLUMN commune  text REFERENCES delivery_communes (code) ON DELETE SET NULL ON UPDATE CASCADE,
    ADD COLUMN landmark text NOT NULL DEFAULT '' CHECK (length(landmark) <= 200);

-- The Dakar region in three zones by distance from the city, and the other regions' capitals.
-- Communes as the 2021 decree creating the Keur Massar department left them: Keur Massar (split
-- into Nord and Sud), Malika and Yeumbeul Nord and Sud left Pikine; Jaxaay-Parcelles left
-- Rufisque.
INSERT INTO delivery_zones (code, name, fee, express_fee, free_from, delay, cash_on_delivery) VALUES
    ('dakar-ville',          'Dakar ville',             1500, 2500, 50000, '24 h',               true),
    ('pikine-guediawaye',    'Pikine et Guédiawaye',    2000, 3000, 50000, '24 à 48 h',          true),
    ('keur-massar-rufisque', 'Keur Massar et Rufisque', 2500, NULL, 50000, '24 à 48 h',          true),
    ('regions',              'Régions',                 3500, NULL, 50000, '2 à 4 jours ouvrés', false);

INSERT INTO delivery_communes (zone_code, code, name) VALUES
    -- Dakar department: the 19 communes d'arrondissement.
    ('dakar-ville', 'dakar-plateau',              'Dakar-Plateau'),
    ('dakar-ville', 'goree',                      'Gorée'),
    ('dakar-ville', 'medina',                     'Médina'),
    ('dakar-ville', 'fann-point-e-amitie',        'Fann-Point E-Amitié'),
    ('dakar-ville', 'gueule-tapee-fass-colobane', 'Gueule Tapée-Fass-Colobane'),
    ('dakar-ville', 'grand-dakar',                'Grand Dakar'),
    ('dakar-ville', 'biscuiterie',                'Biscuiterie'),
    ('dakar-ville', 'hlm',                        'HLM'),
    ('dakar-ville', 'hann-bel-air',               'Hann Bel-Air'),
    ('dakar-ville', 'sicap-liberte',              'Sicap-Liberté'),
    ('dakar-ville', 'dieuppeul-derkle',           'Dieuppeul-Derklé'),
    ('dakar-ville', 'ngor',                       'Ngor'),
    ('dakar-ville', 'ouakam',                     'Ouakam'),
    ('dakar-ville', 'yoff',                       'Yoff'),
    ('dakar-ville', 'mermoz-sacre-coeur',         'Mermoz-Sacré-Cœur'),
    ('dakar-ville', 'parcelles-assainies',        'Parcelles Assainies'),
    ('dakar-ville', 'camberene',                  'Cambérène'),
    ('dakar-ville', 'grand-yoff',                 'Grand Yoff'),
    ('dakar-ville', 'patte-d-oie',                'Patte d''Oie'),
    -- Pikine department: 12 communes.
    ('pikine-guediawaye', 'pikine-est',             'Pikine Est'),
    ('pikine-guediawaye', 'pikine-nord',            'Pikine Nord'),
    ('pikine-guediawaye', 'pikine-ouest',           'Pikine Ouest'),
    ('pikine-guediawaye', 'dalifort',               'Dalifort'),
    ('pikine-guediawaye', 'djiddah-thiaroye-kao',   'Djiddah Thiaroye Kao'),
    ('pikine-guediawaye', 'guinaw-rail-nord',       'Guinaw Rail Nord'),
    ('pikine-guediawaye', 'guinaw-rail-sud',        'Guinaw Rail Sud'),
    ('pikine-guediawaye', 'thiaroye-gare',          'Thiaroye Gare'),
    ('pikine-guediawaye', 'thiaroye-sur-mer',       'Thiaroye-sur-Mer'),
    ('pikine-guediawaye', 'tivaouane-diacksao',     'Tivaouane Diacksao'),
    ('pikine-guediawaye', 'diamaguene-sicap-mbao',  'Diamaguène Sicap Mbao'),
    ('pikine-guediawaye', 'mbao',                   'Mbao'),
    -- Guédiawaye department: 5 communes.
    ('pikine-guediawaye', 'golf-sud',               'Golf Sud'),
    ('pikine-guediawaye', 'medina-gounass',         'Médina Gounass'),
    ('pikine-guediawaye', 'ndiareme-limamoulaye',   'Ndiarème Limamoulaye'),
    ('pikine-guediawaye', 'sam-notaire',            'Sam Notaire'),
    ('pikine-guediawaye', 'wakhinane-nimzatt',      'Wakhinane Nimzatt'),
    -- Keur Massar department (2021): 6 communes.
    ('keur-massar-rufisque', 'keur-massar-nord',       'Keur Massar Nord'),
    ('keur-massar-rufisque', 'keur-massar-sud',        'Keur Massar Sud'),
    ('keur-massar-rufisque', 'malika',                 'Malika'),
    ('keur-massar-rufisque', 'yeumbeul-nord',          'Yeumbeul Nord'),
    ('keur-massar-rufisque', 'yeumbeul-sud',           'Yeumbeul Sud'),
    ('keur-massar-rufisque', 'jaxaay-parcelles',       'Jaxaay-Parcelles'),
    -- Rufisque department: 11 communes.
    ('keur-massar-rufisque', 'rufisque-est',           'Rufisque Est'),
    ('keur-massar-rufisque', 'rufisque-nord',          'Rufisque Nord'),
    ('keur-massar-rufisque', 'rufisque-ouest',         'Rufisque Ouest'),
    ('keur-massar-rufisque', 'bargny',                 'Bargny'),
    ('keur-massar-rufisque', 'sebikotane',             'Sébikotane'),
    ('keur-massar-rufisque', 'diamniadio',             'Diamniadio'),
    ('keur-massar-rufisque', 'sendou',                 'Sendou'),
    ('keur-massar-rufisque', 'sangalkam',              'Sangalkam'),
    ('keur-massar-rufisque', 'bambilor',               'Bambilor'),
    ('keur-massar-rufisque', 'yene',                   'Yène'),
    ('keur-massar-rufisque', 'tivaouane-peulh-niague', 'Tivaouane Peulh-Niague'),
    -- The other 13 regions' capitals, with Touba and Mbour.
    ('regions', 'thies',       'Thiès'),
    ('regions', 'mbour',       'Mbour'),
    ('regions', 'saint-louis', 'Saint-Louis'),
    ('regions', 'diourbel',    'Diourbel'),
    ('regions', 'touba',       'Touba'),
    ('regions', 'kaolack',     'Kaolack'),
    ('regions', 'ziguinchor',  'Ziguinchor'),
    ('regions', 'louga',       'Louga'),
    ('regions', 'fatick',      'Fatick'),
    ('regions', 'kaffrine',    'Kaffrine'),
    ('regions', 'kolda',       'Kolda'),
    ('regions', 'sedhiou',     'Sédhiou'),
    ('regions', 'tambacounda', 'Tambacounda'),
    ('regions', 'kedougou',    'Kédougou'),
    ('regions', 'matam',       'Matam');
