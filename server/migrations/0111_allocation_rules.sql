-- Automatic assignment (docs/allocation.md, "Rules"): per team, a rule for every sub-project (no
-- sub_project_id) or for one sub-project gives outlets entering the team's open states to the
-- executive of its list holding the fewest of the team's open outlets, within its capacity.
CREATE TABLE allocation_rules (
  id serial PRIMARY KEY,
  team text NOT NULL CHECK (team IN ('qc', 'calling', 'iftu')),
  sub_project_id int REFERENCES sub_projects (id) ON DELETE CASCADE,
  capacity int CHECK (capacity BETWEEN 1 AND 100000),
  active boolean NOT NULL DEFAULT true,
  version int NOT NULL DEFAULT 1,
  created_by int NOT NULL REFERENCES users (id),
  created timestamptz NOT NULL,
  modified timestamptz NOT NULL
);

-- One rule per team and scope: the team-wide one, and one per sub-project.
CREATE UNIQUE INDEX allocation_rules_scope ON allocation_rules (team, coalesce(sub_project_id, 0));

-- The executives a rule gives outlets to, in the order chosen (the first wins a tie).
CREATE TABLE allocation_rule_executives (
  rule_id int NOT NULL REFERENCES allocation_rules (id) ON DELETE CASCADE,
  user_id int NOT NULL REFERENCES users (id),
  position int NOT NULL,
  PRIMARY KEY (rule_id, user_id)
);
