-- Rate limits counted once for every API process on this database (docs/decisions.md, "Rate
-- limits"): one row per limited key and window. A count only matters for its window, so the
-- table skips the write-ahead log like the envelope's nonces: after a database crash every
-- window starts again empty, which lets a client a few more calls, once.
CREATE UNLOGGED TABLE rate_limit_counts (
  key text PRIMARY KEY,
  count integer NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX rate_limit_counts_expiry_idx ON rate_limit_counts (expires_at);
