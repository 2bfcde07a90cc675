-- Foundation schema (issue 2): organizations, login users and their members, sessions, the
-- envelope keys and nonces, captchas and verification codes, the dev inbox, dictionaries,
-- classes (grades) and membership cards. Ids are integers, times timestamptz, money integer fen.

CREATE TABLE organizations (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL UNIQUE,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
  -- The public organization is where self-registered learners land.
  is_public boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- A login identity. What a person may do depends on the member they act as (below).
CREATE TABLE users (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  username text NOT NULL,
  mobile text,
  email text,
  -- scrypt$N$r$p$salt$hash: parameters travel with the hash so they can be raised later.
  password_hash text NOT NULL,
  nickname text NOT NULL,
  platform_admin boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
  -- The member a new session starts as (the one the user switched to last).
  last_member_id integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_username_key ON users (lower(username));
CREATE UNIQUE INDEX users_mobile_key ON users (mobile);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

-- A user's account in one organization with one role: a user may hold several (spec 000 §3,
-- "teacher accounts").
CREATE TABLE members (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  organization_id integer NOT NULL REFERENCES organizations (id),
  role text NOT NULL CHECK (role IN ('student', 'parent', 'teacher', 'orgAdmin')),
  nickname text NOT NULL,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, organization_id, role)
);
CREATE INDEX members_organization_idx ON members (organization_id);

ALTER TABLE users
  ADD CONSTRAINT users_last_member_fk FOREIGN KEY (last_member_id)
  REFERENCES members (id) ON DELETE SET NULL;

-- Only the SHA-256 of the cookie token is stored: a database leak gives no usable session.
CREATE TABLE sessions (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  member_id integer NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  ip text,
  user_agent text
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

-- The envelope's static ECDH keys, shared by every API process on this database.
CREATE TABLE server_keys (
  key_id text PRIMARY KEY,
  public_key text NOT NULL,
  private_jwk jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  retired_at timestamptz
);

-- Nonces of accepted envelopes, kept until their timestamp can no longer pass the clock check.
CREATE TABLE envelope_nonces (
  nonce text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX envelope_nonces_expiry_idx ON envelope_nonces (expires_at);

CREATE TABLE captchas (
  id text PRIMARY KEY,
  answer_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  verified_at timestamptz,
  consumed_at timestamptz
);
CREATE INDEX captchas_expiry_idx ON captchas (expires_at);

CREATE TABLE verification_codes (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  channel text NOT NULL CHECK (channel IN ('sms', 'email')),
  target text NOT NULL,
  purpose text NOT NULL CHECK (purpose IN ('login', 'register', 'bind')),
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz
);
CREATE INDEX verification_codes_target_idx ON verification_codes (channel, target, created_at DESC);

-- What the default (development) code sender "sent"; readable by platform admins only.
CREATE TABLE dev_inbox (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  channel text NOT NULL CHECK (channel IN ('sms', 'email')),
  target text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE dicts (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code text NOT NULL UNIQUE,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE dict_items (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  dict_id integer NOT NULL REFERENCES dicts (id) ON DELETE CASCADE,
  value text NOT NULL,
  label text NOT NULL,
  sort integer NOT NULL DEFAULT 0,
  UNIQUE (dict_id, value)
);

-- Classes. status: '0' draft … '5' stopped (labels in the gradeStatus dictionary).
CREATE TABLE grades (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  organization_id integer NOT NULL REFERENCES organizations (id),
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT '0' CHECK (status IN ('0', '1', '2', '3', '4', '5')),
  is_public boolean NOT NULL DEFAULT false,
  sort integer NOT NULL DEFAULT 0,
  app_id text NOT NULL,
  teacher_member_id integer REFERENCES members (id) ON DELETE SET NULL,
  price_fen integer NOT NULL DEFAULT 0 CHECK (price_fen >= 0),
  start_time timestamptz,
  end_time timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (organization_id, name)
);
CREATE INDEX grades_listing_idx ON grades (is_public, status, sort);

-- Who is in a class; enrollment (a later issue) writes here, the class list counts it.
CREATE TABLE grade_members (
  grade_id integer NOT NULL REFERENCES grades (id) ON DELETE CASCADE,
  member_id integer NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  joined_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (grade_id, member_id)
);
CREATE INDEX grade_members_member_idx ON grade_members (member_id);

CREATE TABLE rights (
  code text PRIMARY KEY,
  name text NOT NULL,
  -- The rights a card grants when it lists none of its own (spec 000 §3's five statements).
  is_default boolean NOT NULL DEFAULT false,
  sort integer NOT NULL DEFAULT 0
);

-- Membership card definitions. type '0' student card, '1' teacher card; status '1' on sale.
CREATE TABLE memberships (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL UNIQUE,
  type text NOT NULL CHECK (type IN ('0', '1')),
  tags text[] NOT NULL DEFAULT '{}',
  status text NOT NULL DEFAULT '0' CHECK (status IN ('0', '1')),
  sort integer NOT NULL DEFAULT 0,
  price_fen integer NOT NULL CHECK (price_fen >= 0),
  duration_days integer NOT NULL CHECK (duration_days > 0),
  rights text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- A card a member holds; valid while expire_date is in the future (spec 000 §4).
CREATE TABLE member_memberships (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id integer NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  membership_id integer NOT NULL REFERENCES memberships (id),
  start_date timestamptz NOT NULL,
  expire_date timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (expire_date > start_date)
);
CREATE INDEX member_memberships_member_idx ON member_memberships (member_id, expire_date);
