-- Chapters (issue 3): a titled, ordered list of questions with notes, owned like questions by
-- the platform (organization_id NULL) or by one organization.
--
-- Courses come later and will group chapters (spec 001 course updateChapters). There is no
-- course column yet on purpose: the courses migration adds the link (a course_id column, or a
-- course_chapters table with a position if one chapter may serve several courses) and uses
-- `sort` below as the chapter's default place.

CREATE TABLE chapters (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- NULL: a platform chapter; otherwise the organization that owns it.
  organization_id integer REFERENCES organizations (id),
  title text NOT NULL,
  -- Markdown shown above the chapter's questions.
  notes text NOT NULL DEFAULT '',
  sort integer NOT NULL DEFAULT 0,
  -- Natural key of seeded chapters, NULL for chapters made by people.
  seed_key text UNIQUE,
  -- Soft delete, as for questions: a deleted chapter keeps its rows for the record.
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'deleted')),
  created_by integer REFERENCES members (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX chapters_list_idx ON chapters (status, organization_id, sort, id);

-- A chapter's questions in order; updateQuestions replaces the whole list in one transaction.
-- A question an active chapter holds cannot be deleted from the bank (CONFLICT naming the
-- chapter), so the reference never points at a deleted question; no cascade from questions.
CREATE TABLE chapter_questions (
  chapter_id integer NOT NULL REFERENCES chapters (id) ON DELETE CASCADE,
  question_id integer NOT NULL REFERENCES questions (id),
  -- 1-based, contiguous.
  position integer NOT NULL CHECK (position > 0),
  PRIMARY KEY (chapter_id, question_id),
  UNIQUE (chapter_id, position)
);
CREATE INDEX chapter_questions_question_idx ON chapter_questions (question_id);
