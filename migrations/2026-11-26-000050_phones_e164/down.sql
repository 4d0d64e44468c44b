-- Phones already rewritten in E.164 stay so: the code before this migration reads them as well.
DROP TABLE data_steps;
