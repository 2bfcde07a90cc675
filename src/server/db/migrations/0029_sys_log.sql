-- The system log (docs/decisions/admin-and-identity.md, "The system log"): every staff write,
-- export, sign-in, failed sign-in and password change, written after the call by
-- server/sys-log/recorder.ts. Names are kept as they were when recorded, and no foreign key
-- ties an entry to a row, so erasing an account or renaming a role never rewrites history.
CREATE TABLE sys_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL,
  kind text NOT NULL CHECK (kind IN ('write', 'export', 'identity')),
  call_id text NOT NULL,
  user_id integer,
  -- For a failed sign-in with no account found: the name that was tried.
  username text,
  nickname text,
  member_id integer,
  role text NOT NULL,
  organization_id integer,
  organization_name text,
  targets jsonb NOT NULL DEFAULT '{}',
  outcome text NOT NULL CHECK (outcome IN ('success', 'failure')),
  status smallint NOT NULL,
  error_code integer,
  message text,
  ip text NOT NULL,
  user_agent text,
  request_id text NOT NULL,
  duration_ms integer NOT NULL
);
CREATE INDEX sys_log_at_idx ON sys_log (at DESC, id DESC);
CREATE INDEX sys_log_user_idx ON sys_log (user_id, at DESC);
CREATE INDEX sys_log_organization_idx ON sys_log (organization_id, at DESC);
CREATE INDEX sys_log_call_idx ON sys_log (call_id text_pattern_ops, at DESC);

-- Append-only like the ledger and the lifecycle history. The one way out is the retention
-- sweep (server/sys-log/retention.ts), which sets xinao.sys_log_prune in its own transaction
-- and may only remove entries older than 180 days: the six months China's Cybersecurity Law
-- (网络安全法 第二十一条) requires network logs to be kept, whatever the setting says.
CREATE FUNCTION refuse_sys_log_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF current_setting('xinao.sys_log_prune', true) = 'on'
       AND OLD.at < now() - interval '180 days' THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION 'sys_log is append-only (% refused)', TG_OP;
END;
$$;
CREATE TRIGGER sys_log_append_only
  BEFORE UPDATE OR DELETE ON sys_log
  FOR EACH ROW EXECUTE FUNCTION refuse_sys_log_change();
-- TRUNCATE skips row triggers: refuse it too.
CREATE TRIGGER sys_log_no_truncate
  BEFORE TRUNCATE ON sys_log
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_sys_log_change();
