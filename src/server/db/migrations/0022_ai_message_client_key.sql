-- The key a client gives a question (message/create's clientKey): the same question sent again —
-- a resend after a lost answer — finds the first one instead of asking (and charging) twice.
ALTER TABLE ai_messages ADD COLUMN client_key text;
CREATE UNIQUE INDEX ai_messages_client_key_idx ON ai_messages (session_id, client_key)
  WHERE client_key IS NOT NULL;
