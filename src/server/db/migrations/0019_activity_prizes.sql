-- Prizes of activities and their draw (issue 10 item 2; docs/decisions.md "Prizes and the draw
-- (issue 10)"). Reads of the activities helper's tables: activities (id, organization_id,
-- end_at, stopped_at, status) and the view activity_standings, nothing else.

-- One per activity that has prizes: the secret seed is written when the first prize is, and
-- only its commitment is shown until the draw; drawn_at set = the draw happened (once).
CREATE TABLE activity_prize_draws (
  activity_id integer PRIMARY KEY REFERENCES activities (id) ON DELETE CASCADE,
  seed text NOT NULL CHECK (seed ~ '^[0-9a-f]{64}$'),
  commitment text NOT NULL CHECK (commitment ~ '^[0-9a-f]{64}$'),
  drawn_at timestamptz,
  drawn_by_member_id integer REFERENCES members (id) ON DELETE SET NULL,
  -- The eligible members at the draw, ascending by id: published with the seed.
  participants integer[],
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((drawn_at IS NULL) = (participants IS NULL))
);

CREATE TABLE activity_prizes (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  activity_id integer NOT NULL REFERENCES activities (id) ON DELETE CASCADE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  -- 'express': shipped to the winner's address; 'onsite': handed over at the venue;
  -- 'aiTokens': `tokens` AI assistant tokens, credited through the ledger when collected.
  delivery text NOT NULL CHECK (delivery IN ('express', 'onsite', 'aiTokens')),
  tokens integer CHECK (tokens BETWEEN 1 AND 10000000),
  -- The order prizes are handed out in by the draw (then id).
  sort integer NOT NULL DEFAULT 0,
  stock integer NOT NULL CHECK (stock BETWEEN 1 AND 10000),
  -- Written by the draw under the draw row's lock; the CHECK is the last word on overselling.
  awarded integer NOT NULL DEFAULT 0 CHECK (awarded >= 0 AND awarded <= stock),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'deleted')),
  seed_key text UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((delivery = 'aiTokens') = (tokens IS NOT NULL))
);
CREATE INDEX activity_prizes_activity_idx ON activity_prizes (activity_id, sort, id)
  WHERE status = 'active';

-- A won prize, moved through lifecycles/prize-award.ts.
CREATE TABLE activity_prize_awards (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  activity_id integer NOT NULL REFERENCES activities (id) ON DELETE CASCADE,
  prize_id integer NOT NULL REFERENCES activity_prizes (id),
  member_id integer NOT NULL REFERENCES members (id),
  place integer NOT NULL CHECK (place >= 1),
  state text NOT NULL CHECK (state IN ('won', 'collected', 'addressed', 'shipped', 'received')),
  recipient text,
  mobile text,
  province_code text,
  city_code text,
  district_code text,
  -- Names as the address service gave them when the address was entered.
  region_names text,
  address_detail text,
  carrier text,
  tracking_no text,
  addressed_at timestamptz,
  shipped_at timestamptz,
  collected_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- One prize per member and activity; one member per place.
  UNIQUE (activity_id, member_id),
  UNIQUE (activity_id, place)
);
CREATE INDEX activity_prize_awards_member_idx ON activity_prize_awards (member_id);
CREATE INDEX activity_prize_awards_prize_idx ON activity_prize_awards (prize_id);
