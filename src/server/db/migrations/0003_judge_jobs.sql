-- The judge queue (docs/decisions.md, "Judge queue"). Workers in any process, on any machine,
-- claim jobs with FOR UPDATE SKIP LOCKED and hold them by a lease they must renew; a job whose
-- lease ran out goes back to the queue, and only the current lease holder may write the result.
CREATE TABLE judge_jobs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('exam', 'practice', 'debug')),
  -- Lower is taken first: exam submissions before practice, practice before debug runs.
  priority smallint GENERATED ALWAYS AS (
    CASE kind WHEN 'exam' THEN 0 WHEN 'practice' THEN 1 ELSE 2 END
  ) STORED,
  payload jsonb NOT NULL,
  status text NOT NULL DEFAULT 'queued'
    CHECK (status IN ('queued', 'running', 'done', 'failed')),
  -- Claims so far, the current one included; at max_attempts an expired lease fails the job.
  attempts integer NOT NULL DEFAULT 0,
  max_attempts integer NOT NULL DEFAULT 3 CHECK (max_attempts > 0),
  lease_owner text,
  lease_token uuid,
  lease_expires_at timestamptz,
  progress jsonb,
  result jsonb,
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz,
  CHECK (status <> 'running' OR (lease_token IS NOT NULL AND lease_expires_at IS NOT NULL))
);

-- The claim: the first queued job in (priority, id) order.
CREATE INDEX judge_jobs_queued_idx ON judge_jobs (priority, id) WHERE status = 'queued';
-- The reaper: running jobs whose lease has run out.
CREATE INDEX judge_jobs_lease_idx ON judge_jobs (lease_expires_at) WHERE status = 'running';

-- Notifications come from a trigger so that a job enqueued inside a caller's transaction (a
-- submission and its job written together) wakes workers only once it is committed, and so
-- that every writer notifies the same way. Payload: the job id.
--   judge_jobs_queued   a job became claimable (enqueued, or put back after a lost lease)
--   judge_job_updates   a job's status or progress changed
CREATE FUNCTION judge_jobs_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'queued' AND (TG_OP = 'INSERT' OR OLD.status IS DISTINCT FROM 'queued') THEN
    PERFORM pg_notify('judge_jobs_queued', NEW.id::text);
  END IF;
  IF TG_OP = 'INSERT'
     OR OLD.status IS DISTINCT FROM NEW.status
     OR OLD.progress IS DISTINCT FROM NEW.progress THEN
    PERFORM pg_notify('judge_job_updates', NEW.id::text);
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER judge_jobs_notify_trigger
  AFTER INSERT OR UPDATE ON judge_jobs
  FOR EACH ROW EXECUTE FUNCTION judge_jobs_notify();
