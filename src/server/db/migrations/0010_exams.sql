-- Exams (issue 7): papers built from the question bank, exams that schedule papers, exam
-- enrollments as orders of kind 'exam', a learner's sitting of one paper on the server's clock,
-- the answers saved during it, and the integrity signals staff review.

-- A paper: an ordered set of bank questions, each with its score. Organizations' papers wait for
-- the platform's review (lifecycles/exam-paper.ts); the platform's are passed when written.
CREATE TABLE exam_papers (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- NULL: the platform's paper.
  organization_id integer REFERENCES organizations (id),
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  duration_minutes integer NOT NULL CHECK (duration_minutes BETWEEN 1 AND 1440),
  review text NOT NULL CHECK (review IN ('reviewing', 'passed', 'rejected')),
  review_reason text,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'deleted')),
  created_by_member_id integer REFERENCES members (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX exam_papers_owner_idx ON exam_papers (organization_id, id DESC) WHERE status = 'active';

CREATE TABLE exam_paper_questions (
  exam_paper_id integer NOT NULL REFERENCES exam_papers (id) ON DELETE CASCADE,
  question_id integer NOT NULL REFERENCES questions (id),
  sort integer NOT NULL,
  score integer NOT NULL CHECK (score BETWEEN 1 AND 1000),
  PRIMARY KEY (exam_paper_id, question_id)
);
CREATE INDEX exam_paper_questions_question_idx ON exam_paper_questions (question_id);

-- An exam: papers on a schedule, an enrollment window, a fee and who may see it.
CREATE TABLE exams (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  organization_id integer REFERENCES organizations (id),
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  -- The rules shown before the exam (queryNotesById).
  notes text NOT NULL DEFAULT '',
  state text NOT NULL CHECK (state IN ('reviewing', 'rejected', 'approved', 'published',
                                       'unpublished', 'stopped')),
  review_reason text,
  enroll_start_at timestamptz NOT NULL,
  enroll_end_at timestamptz NOT NULL,
  start_at timestamptz NOT NULL,
  end_at timestamptz NOT NULL,
  -- fixed: everyone's paper ends at end_at; flexible: each starts when they like inside the
  -- window and has duration_minutes (or the paper's), never past end_at.
  schedule text NOT NULL CHECK (schedule IN ('fixed', 'flexible')),
  duration_minutes integer CHECK (duration_minutes BETWEEN 1 AND 1440),
  price_fen integer NOT NULL DEFAULT 0 CHECK (price_fen >= 0),
  visibility text NOT NULL CHECK (visibility IN ('public', 'organization', 'grades')),
  grade_ids integer[] NOT NULL DEFAULT '{}',
  -- auto: a learner reads their report once their paper is settled; manual: once staff publish.
  results text NOT NULL DEFAULT 'auto' CHECK (results IN ('auto', 'manual')),
  results_published_at timestamptz,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'deleted')),
  created_by_member_id integer REFERENCES members (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (enroll_end_at > enroll_start_at),
  CHECK (end_at > start_at)
);
CREATE INDEX exams_listing_idx ON exams (state, start_at DESC) WHERE status = 'active';

CREATE TABLE exam_exam_papers (
  exam_id integer NOT NULL REFERENCES exams (id) ON DELETE CASCADE,
  exam_paper_id integer NOT NULL REFERENCES exam_papers (id),
  sort integer NOT NULL,
  PRIMARY KEY (exam_id, exam_paper_id)
);
CREATE INDEX exam_exam_papers_paper_idx ON exam_exam_papers (exam_paper_id);

-- An exam enrollment is an order of kind 'exam' whose item is the exam.
ALTER TABLE orders DROP CONSTRAINT orders_kind_check;
ALTER TABLE orders ADD CONSTRAINT orders_kind_check
  CHECK (kind IN ('membership', 'recharge', 'aiTokens', 'exam'));
-- One live enrollment per member and exam: two enrolls at once end in one order.
CREATE UNIQUE INDEX orders_live_exam_enrollment_idx ON orders (member_id, item_id)
  WHERE kind = 'exam' AND deleted_at IS NULL
    AND state IN ('awaitingPayment', 'enrolled', 'quitApplied', 'quitApproved');
CREATE INDEX orders_item_idx ON orders (kind, item_id, id) WHERE deleted_at IS NULL;

-- Learners may carry tags their organization gives them (batchEnrollByTags).
ALTER TABLE members ADD COLUMN tags text[] NOT NULL DEFAULT '{}';
CREATE INDEX members_tags_idx ON members USING gin (tags);

-- One learner's sitting of one paper of an exam (lifecycles/exam-paper-enroll.ts). The server
-- owns the clock: the deadline is fixed at start, and the server completes the paper itself.
CREATE TABLE exam_paper_enrolls (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  exam_id integer NOT NULL REFERENCES exams (id),
  exam_paper_id integer NOT NULL REFERENCES exam_papers (id),
  order_id integer NOT NULL REFERENCES orders (id),
  member_id integer NOT NULL REFERENCES members (id),
  state text NOT NULL CHECK (state IN ('inProgress', 'completed', 'judging', 'settled',
                                       'reported')),
  started_at timestamptz NOT NULL DEFAULT now(),
  deadline timestamptz NOT NULL,
  completed_at timestamptz,
  completed_by text CHECK (completed_by IN ('member', 'deadline', 'staff')),
  score integer,
  max_score integer,
  settled_at timestamptz,
  settle_count integer NOT NULL DEFAULT 0,
  start_ip text,
  deleted_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX exam_paper_enrolls_one_sitting_idx ON exam_paper_enrolls (order_id, exam_paper_id)
  WHERE deleted_at IS NULL;
CREATE INDEX exam_paper_enrolls_member_idx ON exam_paper_enrolls (member_id, id DESC);
CREATE INDEX exam_paper_enrolls_exam_idx ON exam_paper_enrolls (exam_id, exam_paper_id);
-- The clock's sweep: open sittings by deadline, and sittings waiting for the judge.
CREATE INDEX exam_paper_enrolls_open_idx ON exam_paper_enrolls (deadline)
  WHERE state = 'inProgress' AND deleted_at IS NULL;
CREATE INDEX exam_paper_enrolls_pending_idx ON exam_paper_enrolls (id)
  WHERE state IN ('completed', 'judging') AND deleted_at IS NULL;

-- A learner's answer to one question of a sitting: the last acknowledged save wins, told by the
-- client's revision, so a retried or late save never overwrites a newer one.
CREATE TABLE exam_member_questions (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  exam_paper_enroll_id integer NOT NULL REFERENCES exam_paper_enrolls (id),
  question_id integer NOT NULL REFERENCES questions (id),
  member_id integer NOT NULL REFERENCES members (id),
  -- Objective questions: one 0/1 flag per option, as the bank's answers (spec 000 §9).
  answer text NOT NULL DEFAULT '',
  language text,
  source text NOT NULL DEFAULT '',
  flagged boolean NOT NULL DEFAULT false,
  revision integer NOT NULL,
  saved_at timestamptz NOT NULL DEFAULT now(),
  -- Set by settlement: the score, and for programming the judged submission it came from.
  score integer,
  judge_answer_id integer REFERENCES member_questions (id),
  -- Staff's manual score and why; settlement keeps it.
  override_score integer,
  override_reason text,
  voided_at timestamptz,
  UNIQUE (exam_paper_enroll_id, question_id)
);

-- Exam submissions are judged answers of their own kind, at exam priority.
ALTER TABLE member_questions DROP CONSTRAINT member_questions_kind_check;
ALTER TABLE member_questions ADD CONSTRAINT member_questions_kind_check
  CHECK (kind IN ('submit', 'debug', 'playground', 'review', 'exam'));

-- What the exam room noticed, for staff to review; never blocks the learner.
CREATE TABLE exam_integrity_events (
  id bigserial PRIMARY KEY,
  exam_paper_enroll_id integer NOT NULL REFERENCES exam_paper_enrolls (id),
  kind text NOT NULL CHECK (kind IN ('tabHidden', 'windowBlur', 'largePaste', 'ipChange')),
  detail text NOT NULL DEFAULT '',
  client_at timestamptz,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX exam_integrity_events_enroll_idx ON exam_integrity_events (exam_paper_enroll_id, id);
