-- An answer the platform entered for a member (bms memberQuestion create, 补录): who entered it.
-- NULL for the member's own answers, which are nearly all of them.
ALTER TABLE member_questions ADD COLUMN entered_by integer REFERENCES members (id);
