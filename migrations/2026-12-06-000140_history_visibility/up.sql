-- Who wrote each history entry, as the customer may be told of it (the team, never a staff
-- member's name), and whether its note is meant for the customer: what the team types is
-- internal unless ticked « visible par le client » (docs/rules.md#orders).
ALTER TABLE order_status_history
    ADD COLUMN by_kind text NOT NULL DEFAULT 'system' CHECK (by_kind IN ('customer', 'staff', 'system')),
    ADD COLUMN note_visible boolean NOT NULL DEFAULT false;

-- Entries written before: the customer's own account, anyone else's account (the shop's team),
-- or nobody's (Wave, the system, the customer's signed link, which signs « Client »).
UPDATE order_status_history h
SET by_kind = CASE
        WHEN h.user_id = o.user_id OR (h.user_id IS NULL AND h.changed_by = 'Client') THEN 'customer'
        WHEN h.user_id IS NOT NULL THEN 'staff'
        ELSE 'system'
    END
FROM orders o
WHERE o.id = h.order_id;

-- The team's notes written before this stay internal; the rest were always the customer's.
UPDATE order_status_history SET note_visible = by_kind <> 'staff';
