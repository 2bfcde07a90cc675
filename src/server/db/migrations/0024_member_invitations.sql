-- Invitations to join an organization (issue 25 item 13; lifecycles/member-invitation.ts). Staff
-- who add someone by a mobile already registered in another organization leave an invitation
-- instead of linking that login: the account in the organization is made only when its owner
-- accepts. `details` keeps what staff entered for the account (nickname, tags, groups …), used
-- then; the state moves are recorded in lifecycle_transitions as entity 'memberInvitation'.
CREATE TABLE member_invitations (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  organization_id integer NOT NULL REFERENCES organizations (id),
  role text NOT NULL CHECK (role IN ('student', 'parent', 'teacher', 'orgAdmin')),
  state text NOT NULL CHECK (state IN ('pending', 'accepted', 'declined')),
  details jsonb NOT NULL,
  invited_by_member_id integer NOT NULL REFERENCES members (id),
  -- Set on acceptance: the account made in the organization.
  member_id integer REFERENCES members (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- One open invitation per login, organization and role: inviting again answers the same one.
CREATE UNIQUE INDEX member_invitations_open_idx ON member_invitations (user_id, organization_id, role)
  WHERE state = 'pending';
CREATE INDEX member_invitations_user_idx ON member_invitations (user_id, id DESC);
CREATE INDEX member_invitations_organization_idx ON member_invitations (organization_id, id DESC);
