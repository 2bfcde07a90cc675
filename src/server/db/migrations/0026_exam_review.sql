-- 考试审核 (issue 25 item 1): whether an organization's exams and exam papers wait for platform
-- review, as homework_review does for homework. On by default, so every organization keeps the
-- review issue 7 decided until its admin switches it off on /manage/organization; off, the
-- organization's exams and papers are trusted like platform staff's (server/organization/review.ts).
ALTER TABLE organizations
  ADD COLUMN exam_review boolean NOT NULL DEFAULT true;
