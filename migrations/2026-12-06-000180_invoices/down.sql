DROP TABLE invoices;
DROP FUNCTION invoices_are_kept();
DROP TABLE invoice_numbers;
