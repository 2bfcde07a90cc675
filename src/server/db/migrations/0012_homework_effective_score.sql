-- The score a homework answer counts for, in the one place every reader takes it from: a voided
-- answer 0, a score given by hand instead of the best submission, else the best submission's
-- points (late ones with the penalty). The grading overview, the enrollment lists, the
-- statistics and settlement read `effective_score`, so none of them can leave out a hand score
-- or a voided answer. Columns are only added at the end (CREATE OR REPLACE VIEW keeps the rest).
CREATE OR REPLACE VIEW homework_answer_scores AS
  SELECT q.id AS hmq_id, q.order_id, q.homework_id, q.member_id, q.question_id,
         hq.score AS max_score, coalesce(best.earned, 0) AS best_score,
         coalesce(best.late, false) AS best_late, best.id AS best_answer_id,
         latest.id AS latest_answer_id, latest.status AS latest_status,
         latest.verdict AS latest_verdict, latest.created_at AS latest_at,
         (SELECT count(*) FROM member_questions c
           WHERE c.homework_member_question_id = q.id)::int AS submissions,
         (SELECT count(*) FROM member_questions c
           WHERE c.homework_member_question_id = q.id AND c.late)::int AS late_submissions,
         q.manual_score, q.voided_at IS NOT NULL AS voided,
         CASE WHEN q.voided_at IS NOT NULL THEN 0
              ELSE coalesce(q.manual_score, best.earned, 0) END AS effective_score
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
