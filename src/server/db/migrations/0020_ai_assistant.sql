-- The AI assistant (issue 10): staff's system prompts per scene, learners' sessions, and their
-- messages. A reply row is the truth about an answer: its text grows on the row while it is
-- generated, its deltas are kept in order so a reader can resume after any seq, and it is
-- charged once, when it ends (docs/decisions.md "The AI assistant").

CREATE TABLE ai_prompts (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  scene text NOT NULL CHECK (scene IN ('question', 'examReport', 'homeworkReport', 'general')),
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  system text NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  sort integer NOT NULL DEFAULT 0,
  -- Natural key of seeded prompts; NULL for prompts staff wrote.
  seed_key text UNIQUE,
  updated_by integer REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ai_prompts_scene_idx ON ai_prompts (scene, sort, id) WHERE enabled;

CREATE TABLE ai_sessions (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id integer NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  scene text NOT NULL CHECK (scene IN ('question', 'examReport', 'homeworkReport', 'general')),
  title text NOT NULL,
  -- {questionId?, answerId?, examId?, homeworkId?}, each checked against what the member owns.
  context jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ai_sessions_member_idx ON ai_sessions (member_id, updated_at DESC, id DESC);

CREATE TABLE ai_messages (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  session_id integer NOT NULL REFERENCES ai_sessions (id) ON DELETE CASCADE,
  member_id integer NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('user', 'assistant')),
  content text NOT NULL DEFAULT '',
  status text NOT NULL CHECK (status IN ('streaming', 'done', 'stopped', 'failed')),
  -- The answer (member_questions) the message was about.
  answer_id integer REFERENCES member_questions (id),
  -- Replies: the tokens charged (0 until the end, and for failed ones), who answered, and why
  -- a reply failed. The tokens counted may exceed those charged when the balance ran out.
  tokens integer NOT NULL DEFAULT 0 CHECK (tokens >= 0),
  counted_tokens integer NOT NULL DEFAULT 0 CHECK (counted_tokens >= 0),
  provider text CHECK (provider IN ('builtin', 'openai')),
  model text,
  error text,
  -- The last delta kept in ai_message_deltas.
  seq integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  CHECK (role = 'assistant' OR status = 'done')
);
CREATE INDEX ai_messages_session_idx ON ai_messages (session_id, id);
-- Start-up finds the replies a stopped process was generating.
CREATE INDEX ai_messages_streaming_idx ON ai_messages (id) WHERE status = 'streaming';

-- A reply's deltas in order: the concatenation of text by seq is the reply's content.
CREATE TABLE ai_message_deltas (
  message_id integer NOT NULL REFERENCES ai_messages (id) ON DELETE CASCADE,
  seq integer NOT NULL CHECK (seq >= 1),
  text text NOT NULL,
  PRIMARY KEY (message_id, seq)
);
