-- The blacklist (docs/decisions/admin-and-identity.md, "The blacklist"): a block holds for the
-- person (every account of the user) until `ends_at`, or until staff lift it. Rows are kept
-- after they end: who was blocked, why, by whom, and who lifted it.
CREATE TABLE member_blocks (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id),
  member_id integer NOT NULL REFERENCES members (id),
  reason text NOT NULL,
  ends_at timestamptz,
  created_by integer NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  lifted_by integer REFERENCES users (id),
  lifted_at timestamptz,
  -- A block that reached its end is closed with lifted_at = ends_at and no lifted_by.
  CHECK (lifted_by IS NULL OR lifted_at IS NOT NULL)
);
-- One block not lifted per person; one whose end has passed is lifted (by nobody) before a new
-- one is made (server/blacklist/blocks.ts).
CREATE UNIQUE INDEX member_blocks_open_idx ON member_blocks (user_id) WHERE lifted_at IS NULL;
CREATE INDEX member_blocks_created_idx ON member_blocks (created_at DESC);
