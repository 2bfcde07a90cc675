-- Password logins per account in the brake's window (issue 13, item 4): after five that did
-- not succeed within 15 minutes, the account's next login needs an image captcha. A success
-- clears the account's rows; the pruning job drops rows older than the window.
CREATE TABLE login_attempts (
  account_key  text        NOT NULL,
  attempted_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_attempts_key_time ON login_attempts (account_key, attempted_at);
