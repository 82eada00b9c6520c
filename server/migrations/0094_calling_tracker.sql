-- The calling desk (spec 001 §2.3, §3, §4.5, §7; 000 §3): one calling tracker entry per phone of an
-- organisation, linked to every outlet the phone serves; the reasons configuration (key -> label);
-- and the reason a calling executive last recorded for a phone, with who and when. The reason
-- belongs to the phone, so every outlet the phone serves shows it.

CREATE TABLE calling_reasons (
  key text PRIMARY KEY CHECK (key ~ '^[a-z][a-z0-9_]{0,59}$'),
  label text NOT NULL,
  position int NOT NULL
);

CREATE TABLE calling_trackers (
  id bigserial PRIMARY KEY,
  organisation_id int NOT NULL REFERENCES organisations (id),
  phone_number text NOT NULL,
  is_verified boolean NOT NULL DEFAULT false,
  reason text REFERENCES calling_reasons (key),
  reason_by int REFERENCES users (id),
  reason_at timestamptz,
  UNIQUE (organisation_id, phone_number),
  CHECK ((reason IS NULL) = (reason_at IS NULL))
);

CREATE TABLE calling_tracker_outlets (
  calling_tracker_id bigint NOT NULL REFERENCES calling_trackers (id) ON DELETE CASCADE,
  outlet_id int NOT NULL REFERENCES outlets (id) ON DELETE CASCADE,
  PRIMARY KEY (calling_tracker_id, outlet_id)
);
CREATE INDEX calling_tracker_outlets_outlet ON calling_tracker_outlets (outlet_id);

-- Every recorded reason, oldest first: who gave which reason for a phone and when.
CREATE TABLE calling_tracker_reason_log (
  id bigserial PRIMARY KEY,
  calling_tracker_id bigint NOT NULL REFERENCES calling_trackers (id) ON DELETE CASCADE,
  reason text NOT NULL REFERENCES calling_reasons (key),
  user_id int NOT NULL REFERENCES users (id),
  created timestamptz NOT NULL
);

INSERT INTO calling_reasons (key, label, position) VALUES
  ('call_successful', 'Call successful', 1),
  ('details_confirmed_successful', 'Details confirmed (successful)', 2),
  ('not_reachable', 'Not reachable', 3),
  ('switched_off', 'Switched off', 4),
  ('wrong_number', 'Wrong number', 5),
  ('call_back_later', 'Asked to call back later', 6);
