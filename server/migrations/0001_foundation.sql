-- Organisations, people and access.
CREATE TABLE organisations (
  id serial PRIMARY KEY,
  name text NOT NULL UNIQUE,
  kind text NOT NULL CHECK (kind IN ('internal', 'client'))
);

CREATE TABLE permissions (
  id serial PRIMARY KEY,
  name text NOT NULL UNIQUE
);

CREATE TABLE roles (
  id serial PRIMARY KEY,
  name text NOT NULL UNIQUE,
  display_name text NOT NULL
);

CREATE TABLE role_permissions (
  role_id int NOT NULL REFERENCES roles (id) ON DELETE CASCADE,
  permission_id int NOT NULL REFERENCES permissions (id) ON DELETE CASCADE,
  PRIMARY KEY (role_id, permission_id)
);

CREATE TABLE users (
  id serial PRIMARY KEY,
  username text NOT NULL UNIQUE,
  name text NOT NULL,
  email text,
  phone_number text,
  organisation_id int NOT NULL REFERENCES organisations (id),
  password_hash text NOT NULL,
  password_changed_at timestamptz NOT NULL,
  considered_workflow_permission text,
  is_active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE user_roles (
  user_id int NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role_id int NOT NULL REFERENCES roles (id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, role_id)
);

-- Server-side sessions: only a hash of the token is kept.
CREATE TABLE sessions (
  id serial PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  user_id int NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  platform text NOT NULL,
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL
);
CREATE INDEX sessions_user_platform ON sessions (user_id, platform);

-- A one-use permission, given with a 451, to end the user's other sessions.
CREATE TABLE session_conflicts (
  token_hash text PRIMARY KEY,
  user_id int NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);

CREATE TABLE login_failures (
  username text PRIMARY KEY,
  failures int NOT NULL,
  first_failure_at timestamptz NOT NULL,
  locked_until timestamptz
);

CREATE TABLE password_resets (
  id serial PRIMARY KEY,
  user_id int NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  code_expires_at timestamptz NOT NULL,
  attempts int NOT NULL DEFAULT 0,
  reset_token_hash text,
  reset_expires_at timestamptz,
  used boolean NOT NULL DEFAULT false
);

-- What a real mail or SMS gateway would have delivered (development outbox).
CREATE TABLE outbox (
  id serial PRIMARY KEY,
  channel text NOT NULL,
  recipient text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL
);

-- Geography.
CREATE TABLE states (id serial PRIMARY KEY, name text NOT NULL UNIQUE, code text NOT NULL);
CREATE TABLE cities (id serial PRIMARY KEY, name text NOT NULL, state_id int NOT NULL REFERENCES states (id));
CREATE TABLE regions (id serial PRIMARY KEY, name text NOT NULL, organisation_id int NOT NULL REFERENCES organisations (id));
CREATE TABLE zones (id serial PRIMARY KEY, name text NOT NULL, region_id int NOT NULL REFERENCES regions (id));
CREATE TABLE territories (id serial PRIMARY KEY, name text NOT NULL, zone_id int NOT NULL REFERENCES zones (id));

-- Work: organisation, project, sub-project.
CREATE TABLE projects (
  id serial PRIMARY KEY,
  slug text NOT NULL UNIQUE,
  name text NOT NULL,
  organisation_id int NOT NULL REFERENCES organisations (id),
  type text NOT NULL,
  start_date date NOT NULL,
  end_date date NOT NULL
);

CREATE TABLE sub_projects (
  id serial PRIMARY KEY,
  slug text NOT NULL UNIQUE,
  name text NOT NULL,
  project_id int NOT NULL REFERENCES projects (id),
  type text NOT NULL,
  parent_id int REFERENCES sub_projects (id),
  add_data_on_fly boolean NOT NULL DEFAULT false
);

CREATE TABLE field_auditors (
  id serial PRIMARY KEY,
  name text NOT NULL,
  mobile text NOT NULL UNIQUE,
  organisation_id int NOT NULL REFERENCES organisations (id)
);

CREATE TABLE outlets (
  id serial PRIMARY KEY,
  rsid text NOT NULL UNIQUE,
  name text NOT NULL,
  owner_name text NOT NULL,
  address text NOT NULL,
  pin text NOT NULL,
  city_id int NOT NULL REFERENCES cities (id),
  territory_id int NOT NULL REFERENCES territories (id),
  phone text NOT NULL,
  pan text NOT NULL,
  gst text NOT NULL,
  ifsc text NOT NULL,
  account_number text NOT NULL,
  sub_project_id int NOT NULL REFERENCES sub_projects (id),
  auditor_id int REFERENCES field_auditors (id),
  workflow_state text NOT NULL,
  interim_status text,
  created_at timestamptz NOT NULL,
  modified_at timestamptz NOT NULL
);
CREATE INDEX outlets_sub_project_state ON outlets (sub_project_id, workflow_state);

CREATE TABLE retailers (
  id serial PRIMARY KEY,
  name text NOT NULL,
  mobile text NOT NULL UNIQUE,
  outlet_id int NOT NULL REFERENCES outlets (id)
);
