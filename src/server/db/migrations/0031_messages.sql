-- Messages to members (docs/decisions/admin-and-identity.md, "Messages"), written in the same
-- transaction as the event they tell of (server/messages/send.ts). `dedupe_key` keeps one
-- message per member and subject where the event can happen again (a homework due tomorrow is
-- told once; a homework graded again refreshes its one message).
CREATE TABLE messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id integer NOT NULL REFERENCES members (id),
  kind text NOT NULL,
  title text NOT NULL,
  body text NOT NULL DEFAULT '',
  link text,
  dedupe_key text,
  created_at timestamptz NOT NULL DEFAULT now(),
  read_at timestamptz
);
CREATE INDEX messages_member_idx ON messages (member_id, created_at DESC, id DESC);
CREATE INDEX messages_unread_idx ON messages (member_id) WHERE read_at IS NULL;
CREATE UNIQUE INDEX messages_dedupe_idx ON messages (member_id, dedupe_key)
  WHERE dedupe_key IS NOT NULL;
