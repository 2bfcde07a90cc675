-- Single sign-on (issue 27 item 7; docs/decisions/admin-and-identity.md, "Single sign-on").

-- A sign-in started at the identity provider: its state, nonce and PKCE verifier, used once.
CREATE TABLE sso_requests (
  state text PRIMARY KEY,
  nonce text NOT NULL,
  code_verifier text NOT NULL,
  redirect_uri text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Which person an identity provider's subject is: linked at the first sign-in by the verified
-- claim the settings name, then by issuer and subject.
CREATE TABLE user_sso (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  issuer text NOT NULL,
  subject text NOT NULL,
  linked_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (issuer, subject)
);
CREATE INDEX user_sso_user_idx ON user_sso (user_id);
