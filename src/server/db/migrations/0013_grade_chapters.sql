-- The chapters a class follows (its syllabus, issue 8 item 3), in order. The catalogue names
-- the reads course/queryChapterListByGrade and chapter/queryQuestionListByGrade; until courses
-- exist (issue 9) a class follows chapters directly. A chapter a class follows cannot be
-- deleted out from under it: the chapter store refuses (CONFLICT naming the class).
CREATE TABLE grade_chapters (
  grade_id integer NOT NULL REFERENCES grades (id) ON DELETE CASCADE,
  chapter_id integer NOT NULL REFERENCES chapters (id),
  position integer NOT NULL CHECK (position >= 1),
  PRIMARY KEY (grade_id, chapter_id),
  UNIQUE (grade_id, position)
);
CREATE INDEX grade_chapters_chapter_idx ON grade_chapters (chapter_id);
