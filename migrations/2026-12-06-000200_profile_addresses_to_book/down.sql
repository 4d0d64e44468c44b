-- The addresses made from profiles are the customers' own from then on: nothing to undo.
SELECT 1;
