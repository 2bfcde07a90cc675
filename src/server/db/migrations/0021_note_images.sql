-- Learners' note pictures (issue 9): a public file purpose any member may upload, capped a day
-- per member by the upload call (server/files/upload.ts NOTE_IMAGES_PER_DAY).
ALTER TABLE files DROP CONSTRAINT files_purpose_check;
ALTER TABLE files ADD CONSTRAINT files_purpose_check
  CHECK (purpose IN ('banner', 'articleImage', 'material', 'document', 'noteImage'));
CREATE INDEX files_note_images_idx ON files (owner_member_id, created_at)
  WHERE purpose = 'noteImage';
