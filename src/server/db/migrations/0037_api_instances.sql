-- The API processes running on this database, each saying every few seconds that it is alive
-- (server/instance.ts), and the process generating each AI reply (issue 28 item 1): a reply
-- whose process stopped saying so is ended failed and uncharged by the others, while replies of
-- live processes are left to them. UNLOGGED: after a crash every process says so again within
-- seconds (its beat is an upsert).
CREATE UNLOGGED TABLE api_instances (
  id text PRIMARY KEY,
  started_at timestamptz NOT NULL DEFAULT now(),
  alive_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE ai_messages ADD COLUMN owner text;
