-- Image matching ("unicorns", docs/verification.md): a perceptual hash per outlet image, the scans
-- of a sub-project (a queued job), and the pairs of images found alike with the reviewer's decision.

CREATE TABLE image_hashes (
  image_id int PRIMARY KEY REFERENCES outlet_images (id) ON DELETE CASCADE,
  -- 64-bit difference hash, 16 hex digits; null when the image could not be decoded.
  hash text,
  created timestamptz NOT NULL
);

CREATE TABLE unicorn_scans (
  id serial PRIMARY KEY,
  sub_project_id int NOT NULL REFERENCES sub_projects (id),
  requested_by int REFERENCES users (id),
  status text NOT NULL CHECK (status IN ('queued', 'completed', 'failed')),
  images int NOT NULL DEFAULT 0,
  undecodable int NOT NULL DEFAULT 0,
  pairs_found int NOT NULL DEFAULT 0,
  message text,
  claimed_at timestamptz,
  heartbeat_at timestamptz,
  attempts int NOT NULL DEFAULT 0,
  created timestamptz NOT NULL,
  finished timestamptz
);
CREATE INDEX unicorn_scans_waiting ON unicorn_scans (id) WHERE status = 'queued';
CREATE INDEX unicorn_scans_sub_project ON unicorn_scans (sub_project_id, id DESC);

CREATE TABLE unicorn_pairs (
  id serial PRIMARY KEY,
  sub_project_id int NOT NULL REFERENCES sub_projects (id),
  image_a int NOT NULL REFERENCES outlet_images (id) ON DELETE CASCADE,
  image_b int NOT NULL REFERENCES outlet_images (id) ON DELETE CASCADE,
  distance int NOT NULL,
  status text NOT NULL DEFAULT 'suspected' CHECK (status IN ('suspected', 'duplicate', 'not_duplicate')),
  decided_by int REFERENCES users (id),
  decided_at timestamptz,
  version int NOT NULL DEFAULT 1,
  scan_id int REFERENCES unicorn_scans (id),
  created timestamptz NOT NULL,
  CHECK (image_a < image_b),
  UNIQUE (image_a, image_b)
);
CREATE INDEX unicorn_pairs_list ON unicorn_pairs (status, sub_project_id, id);
