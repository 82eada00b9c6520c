-- Field tools (docs/field-tools.md): field app dumps with the surveys found in them, and outlet
-- field recovery requests with the fate of each of their RSIDs.

-- A dump of a field app's local data, uploaded for one field app user; processed as a job by the
-- job runner (claimed_at, heartbeat_at and attempts as in bulk_upload_jobs).
CREATE TABLE field_app_dumps (
  id serial PRIMARY KEY,
  created_by int NOT NULL REFERENCES users (id),
  field_app_user int NOT NULL REFERENCES field_auditors (id),
  file_id int NOT NULL REFERENCES stored_files (id),
  status text NOT NULL DEFAULT 'processing' CHECK (status IN ('processing', 'completed', 'failed')),
  message text,
  record_count int NOT NULL DEFAULT 0,
  claimed_at timestamptz,
  heartbeat_at timestamptz,
  attempts int NOT NULL DEFAULT 0,
  created timestamptz NOT NULL
);
CREATE INDEX field_app_dumps_waiting ON field_app_dumps (id) WHERE status = 'processing';

-- Each survey a completed dump holds, indexed by auditor, RSID and survey date. The same survey in
-- two dumps is two rows; recovery takes the newest dump's.
CREATE TABLE field_app_dump_surveys (
  id bigserial PRIMARY KEY,
  dump_id int NOT NULL REFERENCES field_app_dumps (id) ON DELETE CASCADE,
  auditor_id int NOT NULL REFERENCES field_auditors (id),
  rsid text NOT NULL,
  sub_project_slug text NOT NULL,
  survey_date date NOT NULL,
  record jsonb NOT NULL
);
CREATE INDEX field_app_dump_surveys_find ON field_app_dump_surveys (auditor_id, rsid, survey_date);

CREATE TABLE recovery_requests (
  id serial PRIMARY KEY,
  user_id int NOT NULL REFERENCES users (id),
  organisation_id int NOT NULL REFERENCES organisations (id),
  project_id int NOT NULL REFERENCES projects (id),
  sub_project_id int NOT NULL REFERENCES sub_projects (id),
  auditor_id int NOT NULL REFERENCES field_auditors (id),
  date_uploaded date NOT NULL,
  status text NOT NULL DEFAULT 'accepted'
    CHECK (status IN ('accepted', 'active', 'processing', 'completed', 'cancelled', 'failed', 'under_activation')),
  message text,
  claimed_at timestamptz,
  heartbeat_at timestamptz,
  attempts int NOT NULL DEFAULT 0,
  created timestamptz NOT NULL,
  modified timestamptz NOT NULL
);
CREATE INDEX recovery_requests_waiting ON recovery_requests (id) WHERE status = 'processing';

CREATE TABLE recovery_request_rsids (
  request_id int NOT NULL REFERENCES recovery_requests (id) ON DELETE CASCADE,
  position int NOT NULL,
  rsid text NOT NULL,
  outcome text NOT NULL DEFAULT 'pending' CHECK (outcome IN ('pending', 'recovered', 'completed', 'not_found',
    'already_recovered', 'already_submitted', 'other_sub_project', 'cancelled')),
  outlet_id int REFERENCES outlets (id),
  PRIMARY KEY (request_id, position),
  UNIQUE (request_id, rsid)
);

-- An RSID is recovered once: the unique key stops a second request, a second server or a retried
-- job from applying it again.
CREATE TABLE field_recoveries (
  rsid text PRIMARY KEY,
  request_id int NOT NULL REFERENCES recovery_requests (id),
  outlet_id int NOT NULL REFERENCES outlets (id) ON DELETE CASCADE,
  created timestamptz NOT NULL
);
