-- Public services of issue 9: the file service (common/file), the application ids the appid
-- header is checked against (app), QR scenes (common/image/qrCode.jpg, common/queryScene) and
-- the server secret that signs download URLs.

-- One row per stored file. file_name is the name in URLs and in the store: random (or a fixed
-- seed name) with the extension of the sniffed content, never the uploader's name. Bytes live
-- in the file store (server/files/store.ts), not here.
CREATE TABLE files (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  file_name text NOT NULL UNIQUE CHECK (file_name ~ '^[A-Za-z0-9][A-Za-z0-9_-]{0,95}\.[a-z0-9]{1,8}$'),
  original_name text NOT NULL,
  content_type text NOT NULL,
  size integer NOT NULL CHECK (size >= 0),
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  purpose text NOT NULL CHECK (purpose IN ('banner', 'articleImage', 'material', 'document')),
  -- Null for seed content, which no member uploaded.
  owner_member_id integer REFERENCES members (id),
  organization_id integer REFERENCES organizations (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  deleted_by integer REFERENCES members (id)
);
CREATE INDEX files_owner_idx ON files (owner_member_id) WHERE deleted_at IS NULL;

-- The application ids a request's appid header may carry. A disabled app is refused.
CREATE TABLE apps (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  app_id text NOT NULL UNIQUE CHECK (app_id ~ '^[A-Za-z0-9_.-]{1,64}$'),
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- The web app's own id (contract/envelope.ts APP_ID): every existing client sends it.
INSERT INTO apps (app_id, name, description)
VALUES ('xinao-web', '信奥训练营 Web', '本站浏览器端');

-- A QR code's scene: a short code that stands for a page of this site and its parameters, so
-- the code printed in the picture stays small and the page can change without reprinting.
CREATE TABLE qr_scenes (
  scene text PRIMARY KEY CHECK (scene ~ '^[A-Za-z0-9]{8,32}$'),
  path text NOT NULL,
  params jsonb NOT NULL DEFAULT '{}',
  app_id text NOT NULL,
  created_by integer REFERENCES members (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (app_id, path, params)
);

-- Secrets the server keeps in the database so every API process signs alike (like the
-- envelope key ring). file_url: HMAC key of signed download URLs.
CREATE TABLE server_secrets (
  name text PRIMARY KEY,
  secret bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
