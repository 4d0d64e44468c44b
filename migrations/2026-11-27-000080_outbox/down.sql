DROP TABLE messages;
DROP FUNCTION bitik_messages_notify();
