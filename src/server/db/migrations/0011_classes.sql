-- Classes, organizations and homework (issue 8): organizations apply and are reviewed, members
-- wait for approval where their organization asks for it, teachers and teacher groups, classes
-- with a lifecycle, teachers, controls and enrollment (orders of kind 'grade'), per-student
-- class-fee settlements, and homework with its enrollments (orders of kind 'homework') and
-- answers.

-- Organizations apply to join the platform; platform staff pass or reject
-- (lifecycles/organization.ts). Existing organizations are passed.
ALTER TABLE organizations
  ADD COLUMN state text NOT NULL DEFAULT 'passed',
  ADD COLUMN short_name text NOT NULL DEFAULT '',
  ADD COLUMN description text NOT NULL DEFAULT '',
  ADD COLUMN contact_name text NOT NULL DEFAULT '',
  ADD COLUMN contact_mobile text NOT NULL DEFAULT '',
  ADD COLUMN address text NOT NULL DEFAULT '',
  -- Members a teacher adds wait for an organization admin's approval when this is on.
  ADD COLUMN member_approval boolean NOT NULL DEFAULT false,
  -- Homework a teacher writes waits for platform review when this is on.
  ADD COLUMN homework_review boolean NOT NULL DEFAULT false,
  -- Who applied; becomes the organization's first admin when it is passed.
  ADD COLUMN applicant_user_id integer REFERENCES users (id),
  ADD COLUMN review_reason text;
CREATE INDEX organizations_state_idx ON organizations (state, id);

-- A member added under approval waits ('reviewing') until an organization admin passes it
-- (lifecycles/organization.ts memberApprovalLifecycle); only passed members can be acted as.
ALTER TABLE members
  ADD COLUMN approval text NOT NULL DEFAULT 'passed',
  ADD COLUMN real_name text NOT NULL DEFAULT '',
  ADD COLUMN student_no text NOT NULL DEFAULT '',
  ADD COLUMN school text NOT NULL DEFAULT '',
  ADD COLUMN grade_level text NOT NULL DEFAULT '',
  ADD COLUMN remark text NOT NULL DEFAULT '',
  ADD COLUMN created_by_member_id integer REFERENCES members (id) ON DELETE SET NULL,
  ADD COLUMN last_login_at timestamptz;
CREATE INDEX members_approval_idx ON members (organization_id, approval) WHERE approval <> 'passed';

-- Teaching groups of an organization (教研组); a teacher may belong to several.
CREATE TABLE teacher_groups (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  organization_id integer NOT NULL REFERENCES organizations (id),
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  sort integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (organization_id, name)
);
CREATE TABLE teacher_group_members (
  group_id integer NOT NULL REFERENCES teacher_groups (id) ON DELETE CASCADE,
  member_id integer NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  PRIMARY KEY (group_id, member_id)
);
CREATE INDEX teacher_group_members_member_idx ON teacher_group_members (member_id);

-- Classes get a lifecycle (lifecycles/grade.ts): the stored dictionary status ('0'..'5') is
-- now derived from it and the dates (grade_status below), so it can never disagree with them.
ALTER TABLE grades
  ADD COLUMN state text NOT NULL DEFAULT 'draft',
  ADD COLUMN notes text NOT NULL DEFAULT '',
  ADD COLUMN schedule text NOT NULL DEFAULT '',
  ADD COLUMN capacity integer CHECK (capacity IS NULL OR capacity > 0),
  ADD COLUMN enroll_start_at timestamptz,
  ADD COLUMN enroll_end_at timestamptz,
  ADD COLUMN lessons integer NOT NULL DEFAULT 0 CHECK (lessons >= 0),
  ADD COLUMN cover_url text NOT NULL DEFAULT '',
  ADD COLUMN deleted_at timestamptz,
  ADD COLUMN created_by_member_id integer REFERENCES members (id) ON DELETE SET NULL;
UPDATE grades SET state = CASE status WHEN '0' THEN 'draft' WHEN '5' THEN 'stopped' ELSE 'published' END;
ALTER TABLE grades DROP COLUMN status;
ALTER TABLE grades DROP CONSTRAINT grades_organization_id_name_key;
CREATE UNIQUE INDEX grades_name_key ON grades (organization_id, name) WHERE deleted_at IS NULL;

-- The dictionary status of a class (gradeStatus: 0 未发布 1 报名中 2 开课中 3 已结课 4 即将开班
-- 5 已停止) from its lifecycle state and dates.
CREATE FUNCTION grade_status(state text, enroll_start_at timestamptz, start_time timestamptz,
                             end_time timestamptz, at timestamptz) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN state = 'stopped' THEN '5'
    WHEN state <> 'published' THEN '0'
    WHEN end_time IS NOT NULL AND at >= end_time THEN '3'
    WHEN start_time IS NOT NULL AND at >= start_time THEN '2'
    WHEN enroll_start_at IS NOT NULL AND at < enroll_start_at THEN '4'
    ELSE '1'
  END
$$;

-- The teachers of a class; the head teacher (grades.teacher_member_id) is one of them.
CREATE TABLE grade_teachers (
  grade_id integer NOT NULL REFERENCES grades (id) ON DELETE CASCADE,
  member_id integer NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  added_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (grade_id, member_id)
);
CREATE INDEX grade_teachers_member_idx ON grade_teachers (member_id);
INSERT INTO grade_teachers (grade_id, member_id)
  SELECT id, teacher_member_id FROM grades WHERE teacher_member_id IS NOT NULL;

-- What a class lets its students do (grade/controls); a code without a row has its default.
CREATE TABLE grade_controls (
  grade_id integer NOT NULL REFERENCES grades (id) ON DELETE CASCADE,
  code text NOT NULL,
  enabled boolean NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by_member_id integer REFERENCES members (id) ON DELETE SET NULL,
  PRIMARY KEY (grade_id, code)
);

-- Class enrollments and homework assignments are orders (server/orders/kinds.ts).
ALTER TABLE orders DROP CONSTRAINT orders_kind_check;
ALTER TABLE orders ADD CONSTRAINT orders_kind_check
  CHECK (kind IN ('membership', 'recharge', 'aiTokens', 'exam', 'grade', 'homework'));
CREATE UNIQUE INDEX orders_live_grade_enrollment_idx ON orders (member_id, item_id)
  WHERE kind = 'grade' AND deleted_at IS NULL
    AND state IN ('awaitingPayment', 'enrolled', 'quitApplied', 'quitApproved');
CREATE UNIQUE INDEX orders_live_homework_enrollment_idx ON orders (member_id, item_id)
  WHERE kind = 'homework' AND deleted_at IS NULL
    AND state IN ('awaitingPayment', 'enrolled', 'quitApplied', 'quitApproved');

-- The roster: a row while the member's class enrollment holds a place, with the groups the
-- class puts them in and the teacher bound to them (grade/enroll setGroups, bindTeacher).
ALTER TABLE grade_members
  ADD COLUMN order_id integer REFERENCES orders (id),
  ADD COLUMN groups text[] NOT NULL DEFAULT '{}',
  ADD COLUMN teacher_member_id integer REFERENCES members (id) ON DELETE SET NULL;
CREATE INDEX grade_members_teacher_idx ON grade_members (teacher_member_id)
  WHERE teacher_member_id IS NOT NULL;

-- A teacher's own students outside any class: those they added (member/create,
-- addMemberToMine).
CREATE TABLE member_teachers (
  teacher_member_id integer NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  student_member_id integer NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (teacher_member_id, student_member_id)
);
CREATE INDEX member_teachers_student_idx ON member_teachers (student_member_id);

-- The students each teacher may read (DESIGN.md §6): those of the classes they teach, those
-- bound to them in a class, and their own. server/access/ reads this view and nothing else.
CREATE VIEW teacher_students AS
  SELECT gt.member_id AS teacher_member_id, gm.member_id AS student_member_id
    FROM grade_teachers gt JOIN grade_members gm ON gm.grade_id = gt.grade_id
  UNION
  SELECT gm.teacher_member_id, gm.member_id FROM grade_members gm
   WHERE gm.teacher_member_id IS NOT NULL
  UNION
  SELECT teacher_member_id, student_member_id FROM member_teachers;

-- A student's class-fee settlement (课消结算): lessons consumed in a period and their fee,
-- which a refund on quitting may not give back.
CREATE TABLE member_grade_settlements (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  grade_id integer NOT NULL REFERENCES grades (id),
  member_id integer NOT NULL REFERENCES members (id),
  order_id integer NOT NULL REFERENCES orders (id),
  period_start date NOT NULL,
  period_end date NOT NULL,
  lessons integer NOT NULL CHECK (lessons >= 0),
  amount_fen integer NOT NULL CHECK (amount_fen >= 0),
  remark text NOT NULL DEFAULT '',
  created_by_member_id integer NOT NULL REFERENCES members (id),
  deleted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (period_end >= period_start)
);
CREATE INDEX member_grade_settlements_grade_idx ON member_grade_settlements (grade_id, id DESC);
CREATE INDEX member_grade_settlements_order_idx ON member_grade_settlements (order_id)
  WHERE deleted_at IS NULL;

-- Homework: a question set assigned to a class (or some of its groups) with a due time
-- (lifecycles/homework.ts). Submissions after due_at are late; none after late_until (or
-- due_at), when the server settles it.
CREATE TABLE homeworks (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  organization_id integer NOT NULL REFERENCES organizations (id),
  grade_id integer NOT NULL REFERENCES grades (id),
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  groups text[] NOT NULL DEFAULT '{}',
  state text NOT NULL,
  review_reason text,
  start_at timestamptz NOT NULL,
  due_at timestamptz NOT NULL,
  late_until timestamptz,
  late_penalty_percent integer NOT NULL DEFAULT 0
    CHECK (late_penalty_percent BETWEEN 0 AND 100),
  settled_at timestamptz,
  created_by_member_id integer NOT NULL REFERENCES members (id),
  deleted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (due_at > start_at),
  CHECK (late_until IS NULL OR late_until > due_at)
);
CREATE INDEX homeworks_grade_idx ON homeworks (grade_id, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX homeworks_unsettled_idx ON homeworks (coalesce(late_until, due_at))
  WHERE settled_at IS NULL AND deleted_at IS NULL;

CREATE TABLE homework_questions (
  homework_id integer NOT NULL REFERENCES homeworks (id) ON DELETE CASCADE,
  question_id integer NOT NULL REFERENCES questions (id),
  sort integer NOT NULL,
  score integer NOT NULL CHECK (score > 0),
  PRIMARY KEY (homework_id, question_id)
);

-- One student's work on one homework: its order holds the place, this row the result.
CREATE TABLE homework_enrolls (
  order_id integer PRIMARY KEY REFERENCES orders (id),
  homework_id integer NOT NULL REFERENCES homeworks (id),
  member_id integer NOT NULL REFERENCES members (id),
  -- The sum of the questions' points, which may carry two decimals (late penalties).
  score numeric,
  max_score integer,
  settled_at timestamptz,
  UNIQUE (homework_id, member_id, order_id)
);
CREATE INDEX homework_enrolls_homework_idx ON homework_enrolls (homework_id, member_id);

-- A student's answer to one homework question: the draft they save; their submissions are
-- member_questions rows pointing here (best and latest are read through the view below); the
-- score is written when the homework settles, or given by hand (manual_score).
CREATE TABLE homework_member_questions (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id integer NOT NULL REFERENCES homework_enrolls (order_id),
  homework_id integer NOT NULL REFERENCES homeworks (id),
  member_id integer NOT NULL REFERENCES members (id),
  question_id integer NOT NULL REFERENCES questions (id),
  language text,
  draft text NOT NULL DEFAULT '',
  saved_at timestamptz,
  score numeric,
  manual_score numeric,
  remark text NOT NULL DEFAULT '',
  voided_at timestamptz,
  UNIQUE (order_id, question_id)
);
CREATE INDEX homework_member_questions_homework_idx
  ON homework_member_questions (homework_id, member_id);

-- Homework submissions are judged answers of their own kind, tied to the homework answer.
ALTER TABLE member_questions DROP CONSTRAINT member_questions_kind_check;
ALTER TABLE member_questions ADD CONSTRAINT member_questions_kind_check
  CHECK (kind IN ('submit', 'debug', 'playground', 'review', 'exam', 'homework'));
ALTER TABLE member_questions
  ADD COLUMN homework_member_question_id integer REFERENCES homework_member_questions (id),
  ADD COLUMN late boolean NOT NULL DEFAULT false;
CREATE INDEX member_questions_homework_idx ON member_questions (homework_member_question_id, id)
  WHERE homework_member_question_id IS NOT NULL;

-- Each homework answer's best submission (its points in the question's score, late ones with
-- the homework's penalty), latest submission and count: what the grading overview, reports and
-- settlement read, so no counter can drift from the submissions themselves.
CREATE VIEW homework_answer_scores AS
  SELECT q.id AS hmq_id, q.order_id, q.homework_id, q.member_id, q.question_id,
         hq.score AS max_score, coalesce(best.earned, 0) AS best_score,
         coalesce(best.late, false) AS best_late, best.id AS best_answer_id,
         latest.id AS latest_answer_id, latest.status AS latest_status,
         latest.verdict AS latest_verdict, latest.created_at AS latest_at,
         (SELECT count(*) FROM member_questions c
           WHERE c.homework_member_question_id = q.id)::int AS submissions,
         (SELECT count(*) FROM member_questions c
           WHERE c.homework_member_question_id = q.id AND c.late)::int AS late_submissions
    FROM homework_member_questions q
    JOIN homework_questions hq ON hq.homework_id = q.homework_id AND hq.question_id = q.question_id
    JOIN homeworks h ON h.id = q.homework_id
    LEFT JOIN LATERAL (
      SELECT a.id, a.late,
             round(hq.score * a.score / a.max_score
               * CASE WHEN a.late THEN (100 - h.late_penalty_percent) / 100.0 ELSE 1 END, 2)
               AS earned
        FROM member_questions a
       WHERE a.homework_member_question_id = q.id AND a.status = 'done' AND a.max_score > 0
       ORDER BY 3 DESC, a.id LIMIT 1) best ON true
    LEFT JOIN LATERAL (
      SELECT a.id, a.status, a.verdict, a.created_at FROM member_questions a
       WHERE a.homework_member_question_id = q.id ORDER BY a.id DESC LIMIT 1) latest ON true;
