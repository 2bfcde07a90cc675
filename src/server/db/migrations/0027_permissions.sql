-- Roles and permissions (docs/decisions/admin-and-identity.md, "Roles and permissions"). The
-- operates are the contract's calls, written at start-up (server/permission/operate-sync.ts);
-- the resources are the permission tree's directories and groups of calls.
CREATE TABLE resources (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- A group of calls (`homework`, `member/blacklist`) or a directory (`dir:…`).
  code text NOT NULL UNIQUE,
  kind text NOT NULL CHECK (kind IN ('directory', 'group')),
  name text NOT NULL,
  parent_id integer REFERENCES resources (id),
  sort integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (parent_id IS NULL OR parent_id <> id)
);
CREATE INDEX resources_parent_idx ON resources (parent_id);

CREATE TABLE resource_operates (
  call_id text PRIMARY KEY,
  resource_id integer NOT NULL REFERENCES resources (id),
  name text NOT NULL,
  sort integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX resource_operates_resource_idx ON resource_operates (resource_id);

-- A role an organization (organization_id) or the platform (NULL) configures. `version` grows
-- with every change of what the role grants, so each API process knows from the session's own
-- query whether what it cached of the role is still true.
CREATE TABLE roles (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  organization_id integer REFERENCES organizations (id),
  name text NOT NULL,
  remark text NOT NULL DEFAULT '',
  enabled boolean NOT NULL DEFAULT true,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX roles_name_key ON roles (coalesce(organization_id, 0), lower(name));

CREATE TABLE role_operates (
  role_id integer NOT NULL REFERENCES roles (id) ON DELETE CASCADE,
  call_id text NOT NULL REFERENCES resource_operates (call_id) ON DELETE CASCADE,
  PRIMARY KEY (role_id, call_id)
);

-- An organization's roles held by its staff members (member/configRoles).
CREATE TABLE member_roles (
  member_id integer NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  role_id integer NOT NULL REFERENCES roles (id),
  PRIMARY KEY (member_id, role_id)
);
CREATE INDEX member_roles_role_idx ON member_roles (role_id);

-- Platform roles held by platform users (user/configRoles).
CREATE TABLE user_roles (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role_id integer NOT NULL REFERENCES roles (id),
  PRIMARY KEY (user_id, role_id)
);
CREATE INDEX user_roles_role_idx ON user_roles (role_id);
