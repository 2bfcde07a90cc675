-- The question bank and the learners' answers (issue 3). Test data lives in the database, not
-- on one machine's disk, so a judge worker on any machine can judge any question: a worker
-- materialises a question's cases into its local cache keyed by data_version.

CREATE TABLE questions (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- NULL: the platform's own bank; otherwise the organization that owns the question.
  organization_id integer REFERENCES organizations (id),
  type text NOT NULL CHECK (type IN ('programming', 'single', 'multiple', 'judge')),
  title text NOT NULL,
  -- Statement in Markdown (samples are also kept apart, below, for display and debug runs).
  content text NOT NULL DEFAULT '',
  difficulty text NOT NULL DEFAULT 'easy'
    CHECK (difficulty IN ('easy', 'medium', 'hard', 'extreme')),
  tags text[] NOT NULL DEFAULT '{}',
  source text NOT NULL DEFAULT '',
  -- Objective questions: options [{label, text}] and answer flags '0'/'1' per option.
  options jsonb NOT NULL DEFAULT '[]',
  answer text NOT NULL DEFAULT '',
  analysis text NOT NULL DEFAULT '',
  -- Programming questions (docs/problem-format.md): limits, checker, scoring, samples.
  time_limit_ms integer CHECK (time_limit_ms BETWEEN 1 AND 60000),
  memory_limit_mib integer CHECK (memory_limit_mib BETWEEN 1 AND 4096),
  checker jsonb NOT NULL DEFAULT '{"type": "default"}',
  scoring jsonb NOT NULL DEFAULT '{"mode": "sum"}',
  subtasks jsonb,
  samples jsonb NOT NULL DEFAULT '[]',
  -- testlib checker source when checker.type = 'testlib'.
  checker_source text,
  -- Reference solutions by language name ({"cpp": "...", "python": "..."}), for debug runs.
  reference_solutions jsonb NOT NULL DEFAULT '{}',
  -- sha256 over the cases and the checker: changes whenever what a verdict depends on changes.
  data_version text NOT NULL DEFAULT '',
  case_count integer NOT NULL DEFAULT 0,
  -- Natural key of seeded questions (seed/problems/<slug>), NULL for questions made by people.
  seed_key text UNIQUE,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'deleted')),
  created_by integer REFERENCES members (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (type <> 'programming' OR (time_limit_ms IS NOT NULL AND memory_limit_mib IS NOT NULL))
);
CREATE INDEX questions_list_idx ON questions (status, type, difficulty, id);
CREATE INDEX questions_organization_idx ON questions (organization_id);

CREATE TABLE question_cases (
  question_id integer NOT NULL REFERENCES questions (id) ON DELETE CASCADE,
  -- 1-based, contiguous, like N.in / N.out in a problem directory.
  idx integer NOT NULL CHECK (idx > 0),
  input bytea NOT NULL,
  answer bytea NOT NULL,
  PRIMARY KEY (question_id, idx)
);

-- One learner's answer to one question: a graded submission, a debug run on custom input, or a
-- playground run. Programming answers are judged through judge_jobs; objective ones at once.
CREATE TABLE member_questions (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id integer NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  -- NULL for playground runs, which have no question.
  question_id integer REFERENCES questions (id),
  kind text NOT NULL CHECK (kind IN ('submit', 'debug', 'playground')),
  language text,
  source text NOT NULL DEFAULT '',
  -- Custom input of a debug or playground run.
  input text,
  status text NOT NULL DEFAULT 'queued'
    CHECK (status IN ('queued', 'compiling', 'running', 'done', 'failed')),
  verdict text CHECK (verdict IN ('AC', 'WA', 'TLE', 'MLE', 'RE', 'CE', 'OLE', 'SE')),
  score numeric,
  max_score numeric,
  time_ms integer,
  memory_kib integer,
  -- The judge's full answer (per-case results, compile output, debug stdout).
  result jsonb,
  judge_job_id bigint REFERENCES judge_jobs (id),
  -- Cleared answer records stay for statistics but leave the learner's history (memberQuestion
  -- clean).
  cleaned_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  judged_at timestamptz
);
CREATE INDEX member_questions_member_idx ON member_questions (member_id, question_id, id DESC);
CREATE INDEX member_questions_question_idx ON member_questions (question_id, id DESC);

-- The draft a learner is typing, one per member, question (or playground) and language.
CREATE TABLE member_question_drafts (
  member_id integer NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  -- 0 for the playground.
  question_key integer NOT NULL,
  language text NOT NULL,
  source text NOT NULL,
  input text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, question_key, language)
);
