-- Parents (issue 25 item 11; DESIGN.md §6 "Parents"; docs/decisions.md "Parents (issue 25)").
-- A parent member asks to bind a child member; the child or a teacher of the child's classes
-- confirms or refuses (machines/lifecycles/parent-binding.ts). Every request is its own row and
-- every move is in lifecycle_transitions (entity 'parentBinding').
CREATE TABLE parent_bindings (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  parent_member_id integer NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  child_member_id integer NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  -- What the parent said they are (爸爸, 妈妈 …), shown to the child who answers.
  relation text NOT NULL DEFAULT '',
  state text NOT NULL DEFAULT 'requested'
    CHECK (state IN ('requested', 'confirmed', 'refused', 'cancelled', 'unbound')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (parent_member_id <> child_member_id)
);
-- A pair is asked or bound at most once at a time (the lifecycle's `open` states); two
-- requests at once end in one row and a refusal.
CREATE UNIQUE INDEX parent_bindings_open_idx ON parent_bindings (parent_member_id, child_member_id)
  WHERE state IN ('requested', 'confirmed');
CREATE INDEX parent_bindings_child_idx ON parent_bindings (child_member_id, id DESC);

-- Who paid an order from their wallet, when it was not the order's member: a parent paying the
-- child's order. A wallet refund goes back to whoever paid.
ALTER TABLE orders ADD COLUMN paid_by_member_id integer REFERENCES members (id);
