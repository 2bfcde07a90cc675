-- Review answers (订正, memberQuestion reviewSubmit) and daily quotas tied to card rights
-- (src/server/judge-service/quota.ts).

-- A review is a programming or objective answer judged like a submission but recorded apart,
-- so first-attempt statistics keep their meaning.
ALTER TABLE member_questions DROP CONSTRAINT member_questions_kind_check;
ALTER TABLE member_questions ADD CONSTRAINT member_questions_kind_check
  CHECK (kind IN ('submit', 'review', 'debug', 'playground'));

-- What a member used of each daily counter, per Asia/Shanghai calendar day. One row per member,
-- day and counter, raised by a conditional upsert in the transaction that writes what it pays
-- for, so concurrent calls at the limit cannot both pass.
CREATE TABLE member_daily_usage (
  member_id integer NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  day date NOT NULL,
  counter text NOT NULL CHECK (counter IN ('submissions', 'cleans', 'runs')),
  used integer NOT NULL CHECK (used > 0),
  PRIMARY KEY (member_id, day, counter)
);
