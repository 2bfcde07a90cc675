-- Lifecycles (spec 001 §4): an entity's state is a column its machine (src/machines/lifecycles/)
-- moves; every move is appended to lifecycle_transitions by server/lifecycle/transition.ts.

-- Questions are drafts until published: learners see published questions only. Questions that
-- exist already were visible to learners, so they start published; new rows start as drafts.
ALTER TABLE questions ADD COLUMN publication text NOT NULL DEFAULT 'published'
  CHECK (publication IN ('draft', 'published', 'unpublished'));
ALTER TABLE questions ALTER COLUMN publication SET DEFAULT 'draft';

-- Who moved which row from which state to which, when, why, and in which request. Append-only:
-- the trigger refuses updates and deletes, so the history cannot be rewritten.
CREATE TABLE lifecycle_transitions (
  id bigserial PRIMARY KEY,
  entity text NOT NULL,
  entity_id integer NOT NULL,
  action text NOT NULL,
  from_state text NOT NULL,
  to_state text NOT NULL,
  actor_user_id integer NOT NULL REFERENCES users (id),
  actor_member_id integer NOT NULL REFERENCES members (id),
  reason text,
  request_id text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX lifecycle_transitions_entity_idx ON lifecycle_transitions (entity, entity_id, id);

CREATE FUNCTION refuse_history_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END;
$$;
CREATE TRIGGER lifecycle_transitions_append_only
  BEFORE UPDATE OR DELETE ON lifecycle_transitions
  FOR EACH ROW EXECUTE FUNCTION refuse_history_change();
