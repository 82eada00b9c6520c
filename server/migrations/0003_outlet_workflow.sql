-- The outlet workflow: programs, the outlet's own status and version, and the log of every move.

CREATE TABLE programs (
  id serial PRIMARY KEY,
  name text NOT NULL,
  sub_project_id int NOT NULL REFERENCES sub_projects (id)
);

-- status is the outlet's own active/inactive flag (the listing's status=active default); is_temp
-- marks outlets added on the fly and not yet confirmed (include_temp); version grows with every
-- move, so a bulk action can tell an outlet changed since it was listed.
ALTER TABLE outlets ADD COLUMN status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive'));
ALTER TABLE outlets ADD COLUMN is_temp boolean NOT NULL DEFAULT false;
ALTER TABLE outlets ADD COLUMN version int NOT NULL DEFAULT 1;
ALTER TABLE outlets ADD COLUMN program_id int REFERENCES programs (id);
ALTER TABLE outlets ADD COLUMN invoice_date date;

-- Who moved an outlet, when, from which state to which, and why.
CREATE TABLE outlet_logs (
  id bigserial PRIMARY KEY,
  outlet_id int NOT NULL REFERENCES outlets (id) ON DELETE CASCADE,
  user_id int REFERENCES users (id),
  action text NOT NULL,
  from_state text NOT NULL,
  to_state text NOT NULL,
  reasons text,
  description text,
  extra_data jsonb NOT NULL DEFAULT '{}',
  chain_rsids text[] NOT NULL DEFAULT '{}',
  message text NOT NULL,
  created timestamptz NOT NULL
);
CREATE INDEX outlet_logs_outlet ON outlet_logs (outlet_id, created);
