-- Activities (issue 10 item 1): contests and events a learner enrolls in (orders of kind
-- 'activity'), moved through lifecycles/activity.ts. A contest links published questions of the
-- platform's bank; a participant's score is their best answer per question inside the
-- activity's window (docs/decisions.md "Activities (issue 10)").
CREATE TABLE activities (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- NULL: the platform's own activity.
  organization_id integer REFERENCES organizations (id),
  title text NOT NULL,
  summary text NOT NULL DEFAULT '',
  description text NOT NULL DEFAULT '',
  kind text NOT NULL CHECK (kind IN ('contest', 'event')),
  state text NOT NULL CHECK (state IN ('none', 'reviewing', 'rejected', 'approved', 'published',
                                       'unpublished', 'stopped')),
  review_reason text,
  start_at timestamptz NOT NULL,
  end_at timestamptz NOT NULL,
  price_fen integer NOT NULL DEFAULT 0 CHECK (price_fen >= 0),
  -- NULL: no limit. Counted under the row's lock when an enrollment is written.
  capacity integer CHECK (capacity > 0),
  show_ranking boolean NOT NULL DEFAULT true,
  -- Set by stop: enrollment and the contest end here, before end_at.
  stopped_at timestamptz,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'deleted')),
  seed_key text UNIQUE,
  created_by_member_id integer REFERENCES members (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (end_at > start_at)
);
CREATE INDEX activities_listing_idx ON activities (state, start_at DESC) WHERE status = 'active';

CREATE TABLE activity_questions (
  activity_id integer NOT NULL REFERENCES activities (id) ON DELETE CASCADE,
  question_id integer NOT NULL REFERENCES questions (id),
  sort integer NOT NULL,
  -- Points for a full answer; a partial programming answer earns its share, rounded down.
  score integer NOT NULL CHECK (score BETWEEN 1 AND 1000),
  PRIMARY KEY (activity_id, question_id)
);
CREATE INDEX activity_questions_question_idx ON activity_questions (question_id);

ALTER TABLE orders DROP CONSTRAINT orders_kind_check;
ALTER TABLE orders ADD CONSTRAINT orders_kind_check
  CHECK (kind IN ('membership', 'recharge', 'aiTokens', 'exam', 'grade', 'homework', 'chapter',
                  'question', 'activity'));
-- One live enrollment per member and activity: two enrolls at once end in one order.
CREATE UNIQUE INDEX orders_live_activity_enrollment_idx ON orders (member_id, item_id)
  WHERE kind = 'activity' AND deleted_at IS NULL
    AND state IN ('awaitingPayment', 'enrolled', 'quitApplied', 'quitApproved');

-- One row per live enrollment that holds its place (paid, or free): what the prizes read.
--   score       sum over the linked questions of floor(points × best judged share) of the
--               member's practice answers ('submit', 'review') made inside the window
--               [start_at, coalesce(stopped_at, end_at)); 0 when none.
--   completed   a contest: every linked question answered (judged) at least once inside the
--               window; an event (no questions): enrolled and started.
--   finished_at when completed: the first answer that completed the set (an event: the later
--               of the enrollment and the start); NULL otherwise.
--   rank        1-based per activity by score desc, then finished_at asc (NULL last); equal
--               pairs share a rank (SQL rank()).
CREATE VIEW activity_standings AS
WITH enrolled AS (
  SELECT o.id AS order_id, o.item_id AS activity_id, o.member_id,
         coalesce(o.paid_at, o.created_at) AS enrolled_at
    FROM orders o
   WHERE o.kind = 'activity' AND o.deleted_at IS NULL
     AND o.state IN ('enrolled', 'quitApplied', 'quitApproved')
), best AS (
  SELECT e.order_id, aq.question_id,
         max(floor(aq.score * mq.score / nullif(mq.max_score, 0))) AS got,
         min(mq.created_at) AS first_at
    FROM enrolled e
    JOIN activities a ON a.id = e.activity_id
    JOIN activity_questions aq ON aq.activity_id = a.id
    JOIN member_questions mq ON mq.member_id = e.member_id AND mq.question_id = aq.question_id
   WHERE mq.kind IN ('submit', 'review') AND mq.status = 'done'
     AND mq.created_at >= a.start_at AND mq.created_at < coalesce(a.stopped_at, a.end_at)
   GROUP BY e.order_id, aq.question_id
), totals AS (
  SELECT e.order_id, e.activity_id, e.member_id, e.enrolled_at,
         coalesce(sum(b.got), 0)::int AS score,
         count(b.question_id)::int AS answered,
         max(b.first_at) AS last_first_at,
         (SELECT count(*) FROM activity_questions aq WHERE aq.activity_id = e.activity_id)::int
           AS question_count
    FROM enrolled e LEFT JOIN best b ON b.order_id = e.order_id
   GROUP BY e.order_id, e.activity_id, e.member_id, e.enrolled_at
), finished AS (
  SELECT t.*, a.start_at,
         CASE WHEN t.question_count = 0 AND a.start_at <= now()
                THEN greatest(t.enrolled_at, a.start_at)
              WHEN t.question_count > 0 AND t.answered = t.question_count THEN t.last_first_at
         END AS finished_at
    FROM totals t JOIN activities a ON a.id = t.activity_id
)
SELECT f.activity_id, f.member_id, f.order_id, f.score,
       (f.finished_at IS NOT NULL) AS completed,
       f.finished_at,
       rank() OVER (PARTITION BY f.activity_id
                    ORDER BY f.score DESC, f.finished_at ASC NULLS LAST)::int AS rank
  FROM finished f;
