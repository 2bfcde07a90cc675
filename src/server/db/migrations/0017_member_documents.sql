-- Member documents (issue 9, spec 001 memberDocument): a learner's or teacher's notes and
-- uploaded files, and the platform's content-centre articles and solution write-ups, which are
-- documents too (docs/decisions.md "Member documents"). `space` says whose shelf a document is
-- on, which decides who writes it and who reads it once published
-- (server/member-document/visibility.ts).
CREATE TABLE member_documents (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  space text NOT NULL CHECK (space IN ('platform', 'organization', 'personal')),
  kind text NOT NULL CHECK (kind IN ('note', 'file', 'article', 'solution')),
  owner_member_id integer NOT NULL REFERENCES members (id),
  -- NULL exactly for the platform's documents.
  organization_id integer REFERENCES organizations (id),
  title text NOT NULL,
  summary text NOT NULL DEFAULT '',
  body text NOT NULL DEFAULT '',
  tags text[] NOT NULL DEFAULT '{}',
  file_name text REFERENCES files (file_name),
  question_id integer REFERENCES questions (id),
  paid boolean NOT NULL DEFAULT false,
  -- The publication lifecycle (machines/lifecycles/publication.ts).
  state text NOT NULL DEFAULT 'draft' CHECK (state IN ('draft', 'published', 'unpublished')),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'deleted')),
  -- Seed documents are found again by their key, so a second start adds nothing.
  seed_key text UNIQUE,
  published_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((space = 'platform') = (organization_id IS NULL)),
  CHECK ((kind = 'file') = (file_name IS NOT NULL)),
  CHECK ((kind = 'solution') = (question_id IS NOT NULL)),
  CHECK (NOT paid OR kind = 'solution')
);
CREATE INDEX member_documents_owner_idx ON member_documents (owner_member_id)
  WHERE status = 'active';
CREATE INDEX member_documents_published_idx ON member_documents (space, kind, published_at DESC)
  WHERE status = 'active' AND state = 'published';
CREATE INDEX member_documents_question_idx ON member_documents (question_id)
  WHERE question_id IS NOT NULL;

-- The lifecycle moves only the state column (server/lifecycle/transition.ts); the time of the
-- latest publishing, which lists sort by, follows it here so no path can forget it.
CREATE FUNCTION member_documents_published_at() RETURNS trigger AS $$
BEGIN
  IF NEW.state = 'published' AND OLD.state IS DISTINCT FROM 'published' THEN
    NEW.published_at := now();
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER member_documents_published_at BEFORE UPDATE OF state ON member_documents
  FOR EACH ROW EXECUTE FUNCTION member_documents_published_at();
