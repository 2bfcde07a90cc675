-- Replay protection writes one nonce per sealed request. A nonce only has to outlive the
-- five-minute clock window, so the table skips the write-ahead log: each claim costs no fsync.
-- After a database crash the table comes back empty; envelopes sealed in the five minutes
-- before the crash could then be replayed once (docs/decisions.md, "Nonce store").
ALTER TABLE envelope_nonces SET UNLOGGED;
