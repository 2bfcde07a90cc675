-- WeChat sign-in (issue 27 item 7; docs/decisions/admin-and-identity.md, "WeChat sign-in").

-- A person's WeChat identities: at most one per app (公众号 gzh, 小程序 mp), and a WeChat identity
-- belongs to at most one person. unionid, when WeChat gives it, is the same for one WeChat
-- account in every app of the same owner: an identity bound in one app signs in from the other.
CREATE TABLE user_wechat (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  app text NOT NULL CHECK (app IN ('gzh', 'mp')),
  openid text NOT NULL,
  unionid text,
  bound_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, app),
  UNIQUE (app, openid)
);
CREATE INDEX user_wechat_unionid_idx ON user_wechat (unionid) WHERE unionid IS NOT NULL;

-- Proof of one WeChat identity, issued when a code is exchanged and spent once (sign in, bind).
CREATE TABLE wechat_tickets (
  id text PRIMARY KEY,
  app text NOT NULL CHECK (app IN ('gzh', 'mp')),
  openid text NOT NULL,
  unionid text,
  -- A mobile WeChat verified (wx/mp/authorizeMobile); null for an identity ticket.
  mobile text,
  expires_at timestamptz NOT NULL,
  spent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The web's scan-to-sign-in: a scene shown as a QR code, confirmed by a phone's WeChat (naming
-- the account that WeChat is bound to, or none), then taken once by the page that showed it.
CREATE TABLE wechat_scenes (
  id text PRIMARY KEY,
  expires_at timestamptz NOT NULL,
  confirmed_at timestamptz,
  user_id integer REFERENCES users (id) ON DELETE CASCADE,
  taken_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The sandbox provider's own books: the codes it handed out as WeChat would, each exchanged once.
CREATE TABLE sandbox_wechat_codes (
  code text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('gzh', 'mp', 'phone')),
  nickname text,
  mobile text,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
