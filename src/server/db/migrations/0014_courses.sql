-- Courses (issue 9 item 1): a titled learning path of chapters (its units, 第N单元) in order,
-- owned like chapters by the platform (organization_id NULL) or one organization. An
-- organization's course reaches learners outside it only after the platform passes it (spec 001
-- §4 course: pass, reject; lifecycles/review.ts), and only while its author keeps it published.

CREATE TABLE courses (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  organization_id integer REFERENCES organizations (id),
  title text NOT NULL,
  summary text NOT NULL DEFAULT '',
  -- Markdown: the course's notes (course/queryNotesById).
  notes text NOT NULL DEFAULT '',
  -- A public image of the file service (purpose banner/articleImage), or NULL.
  cover text,
  -- Values of the courseTag dictionary; the level is a courseLevel value.
  tags text[] NOT NULL DEFAULT '{}',
  level text,
  -- The GESP level (1–8) of a training-camp course (/camp), NULL for an ordinary course.
  camp_level integer CHECK (camp_level BETWEEN 1 AND 8),
  published boolean NOT NULL DEFAULT false,
  review text NOT NULL DEFAULT 'none' CHECK (review IN ('none', 'reviewing', 'passed', 'rejected')),
  review_reason text,
  sort integer NOT NULL DEFAULT 0,
  seed_key text UNIQUE,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'deleted')),
  created_by integer REFERENCES members (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX courses_list_idx ON courses (status, review, published, sort, id);
CREATE INDEX courses_tags_idx ON courses USING gin (tags);
CREATE UNIQUE INDEX courses_title_key ON courses (coalesce(organization_id, 0), title)
  WHERE status = 'active';

-- A course's units in order. One chapter may serve several courses of its owner (a platform
-- chapter any course); updateChapters replaces the list in one transaction.
CREATE TABLE course_chapters (
  course_id integer NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
  chapter_id integer NOT NULL REFERENCES chapters (id),
  position integer NOT NULL CHECK (position BETWEEN 1 AND 30),
  PRIMARY KEY (course_id, chapter_id),
  UNIQUE (course_id, position)
);
CREATE INDEX course_chapters_chapter_idx ON course_chapters (chapter_id);

-- A chapter's material and price: a video link, a PDF handout of the file service (purpose
-- material, read through signed URLs), a price in fen (0: free) and the card right whose
-- holders study it without buying (NULL: buying is the only way in).
ALTER TABLE chapters
  ADD COLUMN video_url text,
  ADD COLUMN pdf_file text,
  ADD COLUMN price_fen integer NOT NULL DEFAULT 0 CHECK (price_fen >= 0),
  ADD COLUMN right_code text REFERENCES rights (code);

-- A question sold on its own (oj/question/buy), likewise.
ALTER TABLE questions
  ADD COLUMN price_fen integer NOT NULL DEFAULT 0 CHECK (price_fen >= 0),
  ADD COLUMN right_code text REFERENCES rights (code);

-- The class follows a course: binding one fills its syllabus (grade_chapters) from the course.
ALTER TABLE grades ADD COLUMN course_id integer REFERENCES courses (id);

-- Bought chapters and questions are orders (server/orders/kinds.ts); paying grants the row below.
ALTER TABLE orders DROP CONSTRAINT orders_kind_check;
ALTER TABLE orders ADD CONSTRAINT orders_kind_check
  CHECK (kind IN ('membership', 'recharge', 'aiTokens', 'exam', 'grade', 'homework', 'chapter',
                  'question'));
CREATE UNIQUE INDEX orders_live_chapter_idx ON orders (member_id, item_id)
  WHERE kind = 'chapter' AND deleted_at IS NULL
    AND state IN ('awaitingPayment', 'enrolled', 'quitApplied', 'quitApproved');
CREATE UNIQUE INDEX orders_live_question_idx ON orders (member_id, item_id)
  WHERE kind = 'question' AND deleted_at IS NULL
    AND state IN ('awaitingPayment', 'enrolled', 'quitApplied', 'quitApproved');

CREATE TABLE content_purchases (
  member_id integer NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('chapter', 'question')),
  item_id integer NOT NULL,
  order_id integer NOT NULL UNIQUE REFERENCES orders (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, kind, item_id)
);
