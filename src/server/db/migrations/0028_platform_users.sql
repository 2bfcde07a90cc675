-- Platform users (docs/decisions/admin-and-identity.md, "Platform users"): a password an admin
-- reset is changed at the next login; until then the session may only change it.
ALTER TABLE users ADD COLUMN must_change_password boolean NOT NULL DEFAULT false;
