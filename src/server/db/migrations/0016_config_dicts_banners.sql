-- Public services of issue 9: site settings and texts (common/config), what the dictionary
-- calls need beyond 0001's tables, and the image banners (imageBanner).

-- One setting or text per key. The agreement, about and help pages read the keys
-- page.about, agreement.service, agreement.privacy and help.aiAssistant (Markdown); is_public
-- says whether common/config/queryByKey answers it without a platform staff session.
CREATE TABLE site_configs (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  key text NOT NULL UNIQUE CHECK (key ~ '^[A-Za-z][A-Za-z0-9._-]{0,63}$'),
  value text NOT NULL DEFAULT '',
  kind text NOT NULL CHECK (kind IN ('markdown', 'text', 'json')),
  is_public boolean NOT NULL DEFAULT false,
  description text NOT NULL DEFAULT '',
  updated_by integer REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Built-in dictionaries are the ones the code reads by code (gradeStatus, courseTag …): they
-- cannot be deleted or renamed, and their items' values are what rows store.
ALTER TABLE dicts
  ADD COLUMN built_in boolean NOT NULL DEFAULT false,
  ADD COLUMN description text NOT NULL DEFAULT '',
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();

-- A disabled item is no longer offered (queryByValue) but stays for the rows that hold it.
ALTER TABLE dict_items
  ADD COLUMN enabled boolean NOT NULL DEFAULT true,
  ADD COLUMN description text NOT NULL DEFAULT '',
  ADD COLUMN created_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();

-- A banner of one position (home today). image is a file of the file service (purpose banner,
-- public); link a same-origin path or an https URL; shown while enabled and inside its window.
CREATE TABLE image_banners (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  position text NOT NULL CHECK (position ~ '^[a-z][A-Za-z0-9]{0,31}$'),
  title text NOT NULL,
  image text NOT NULL,
  link text,
  sort integer NOT NULL DEFAULT 0,
  enabled boolean NOT NULL DEFAULT true,
  starts_at timestamptz,
  ends_at timestamptz,
  seed_key text UNIQUE,
  updated_by integer REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (starts_at IS NULL OR ends_at IS NULL OR ends_at > starts_at)
);
CREATE INDEX image_banners_position_idx ON image_banners (position, enabled, sort, id);
