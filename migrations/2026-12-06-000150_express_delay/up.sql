-- Express delivery has its own delay, shown where it is offered: the same « 24 h » as standard
-- for 1 000 FCFA more told the shopper nothing (docs/rules.md#delivery). A zone offering express
-- says how fast.
ALTER TABLE delivery_zones
    ADD COLUMN express_delay text CHECK (length(express_delay) BETWEEN 1 AND 60);

UPDATE delivery_zones SET express_delay = 'Le jour même' WHERE code = 'dakar-ville' AND express_fee IS NOT NULL;
UPDATE delivery_zones SET express_delay = '24 h' WHERE code = 'pikine-guediawaye' AND express_fee IS NOT NULL;
-- A zone the shop made itself keeps its standard delay until the shop says otherwise.
UPDATE delivery_zones SET express_delay = delay WHERE express_fee IS NOT NULL AND express_delay IS NULL;

ALTER TABLE delivery_zones
    ADD CONSTRAINT delivery_zones_express_has_delay CHECK (express_fee IS NULL OR express_delay IS NOT NULL);
