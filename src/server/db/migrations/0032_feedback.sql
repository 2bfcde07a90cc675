-- Feedback (docs/decisions/admin-and-identity.md, "Feedback"): what a member told the platform,
-- from which page and version, and how staff answered. Kept; a screenshot is a stored file of
-- purpose feedbackImage that only its sender and platform staff may read.
-- A screenshot sent with feedback is a stored file of its own purpose.
ALTER TABLE files DROP CONSTRAINT files_purpose_check;
ALTER TABLE files ADD CONSTRAINT files_purpose_check
  CHECK (purpose IN ('banner', 'articleImage', 'material', 'document', 'noteImage',
                     'feedbackImage'));

CREATE TABLE feedback (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id integer NOT NULL REFERENCES members (id),
  content text NOT NULL,
  page text NOT NULL,
  app_version text NOT NULL,
  screenshot text REFERENCES files (file_name),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'processing', 'resolved')),
  reply text,
  replied_by integer REFERENCES users (id),
  replied_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX feedback_created_idx ON feedback (created_at DESC, id DESC);
CREATE INDEX feedback_member_idx ON feedback (member_id, created_at DESC);
CREATE INDEX feedback_status_idx ON feedback (status, created_at DESC);

