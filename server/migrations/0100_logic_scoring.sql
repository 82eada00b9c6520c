-- Logic scoring (docs/scoring.md; 001 §2.1, §2.3, §3, §7; 000 §2.1 logic-score): a sub-project's
-- parameter groups, scoring parameters and calculated parameters, the benchmarks list over the
-- benchmarks upload's rows, each outlet's stored score, and the queue of whole-cycle rescores.

CREATE TABLE scoring_parameter_groups (
  id serial PRIMARY KEY,
  sub_project_id int NOT NULL REFERENCES sub_projects (id) ON DELETE CASCADE,
  name text NOT NULL,
  position int NOT NULL DEFAULT 1,
  version int NOT NULL DEFAULT 1,
  modified_at timestamptz,
  modified_by int REFERENCES users (id)
);
CREATE UNIQUE INDEX scoring_parameter_groups_unique_name ON scoring_parameter_groups (sub_project_id, lower(name));

-- A question's answer scored by a rule, up to its maximum, counted `weight` times in its group.
CREATE TABLE scoring_parameters (
  id serial PRIMARY KEY,
  sub_project_id int NOT NULL REFERENCES sub_projects (id) ON DELETE CASCADE,
  group_id int NOT NULL REFERENCES scoring_parameter_groups (id),
  name text NOT NULL,
  code text NOT NULL,
  question_id int NOT NULL REFERENCES questions (id),
  rule text NOT NULL CHECK (rule IN ('yes', 'no', 'answered', 'choice_points', 'at_least', 'proportional')),
  target numeric(15, 2),
  points text NOT NULL DEFAULT '',
  maximum numeric(15, 2) NOT NULL,
  weight numeric(15, 2) NOT NULL DEFAULT 1,
  position int NOT NULL DEFAULT 1,
  version int NOT NULL DEFAULT 1,
  modified_at timestamptz,
  modified_by int REFERENCES users (id)
);
CREATE UNIQUE INDEX scoring_parameters_unique_name ON scoring_parameters (sub_project_id, lower(name));
CREATE UNIQUE INDEX scoring_parameters_unique_code ON scoring_parameters (sub_project_id, code);
CREATE INDEX scoring_parameters_group ON scoring_parameters (group_id);
CREATE INDEX scoring_parameters_question ON scoring_parameters (question_id);

-- An expression over other parameters' points (parsed, never run as code), kept between 0 and its maximum.
CREATE TABLE calculated_parameters (
  id serial PRIMARY KEY,
  sub_project_id int NOT NULL REFERENCES sub_projects (id) ON DELETE CASCADE,
  group_id int NOT NULL REFERENCES scoring_parameter_groups (id),
  name text NOT NULL,
  code text NOT NULL,
  expression text NOT NULL,
  maximum numeric(15, 2) NOT NULL,
  position int NOT NULL DEFAULT 1,
  version int NOT NULL DEFAULT 1,
  modified_at timestamptz,
  modified_by int REFERENCES users (id)
);
CREATE UNIQUE INDEX calculated_parameters_unique_name ON calculated_parameters (sub_project_id, lower(name));
CREATE UNIQUE INDEX calculated_parameters_unique_code ON calculated_parameters (sub_project_id, code);
CREATE INDEX calculated_parameters_group ON calculated_parameters (group_id);

-- Every question of a sub-project as a scoring parameter's source: general ones, and SKU questions
-- (asked once per SKU of their group), titled with their group so two of one name read apart.
CREATE VIEW scoring_question_list AS
SELECT q.id, 0 AS version, g.sub_project_id,
  g.name || ': ' || q.name || CASE WHEN g.type = 'sku_group' THEN ' (per SKU)' ELSE '' END AS title,
  q.type, g.position * 100000 + q.position AS place, NULL::timestamptz AS modified_at, NULL::int AS modified_by
FROM questions q JOIN question_groups g ON g.id = q.question_group_id;

-- The benchmarks upload's rows, listed by the resource layer (which names a record by its id).
ALTER TABLE scoring_benchmarks ADD COLUMN id serial;
CREATE UNIQUE INDEX scoring_benchmarks_id ON scoring_benchmarks (id);
CREATE VIEW scoring_benchmark_list AS
SELECT b.id, 0 AS version, b.sub_project_id, b.parameter, b.benchmark, j.file_name AS upload,
  coalesce(j.activated_at, j.created)::date AS uploaded_on, NULL::timestamptz AS modified_at, NULL::int AS modified_by
FROM scoring_benchmarks b JOIN bulk_upload_jobs j ON j.id = b.job_id;

-- An outlet's score as scoring last worked it out; `failure` says why it could not be (the Score
-- tab's FAILED notification). An outlet of a sub-project without scoring has no row.
CREATE TABLE outlet_scores (
  outlet_id int PRIMARY KEY REFERENCES outlets (id) ON DELETE CASCADE,
  sub_project_id int NOT NULL REFERENCES sub_projects (id) ON DELETE CASCADE,
  score numeric(15, 2),
  max_score numeric(15, 2),
  -- 001 §3 scoring_parameter_groups_data
  groups jsonb NOT NULL DEFAULT '[]',
  failure text,
  scored_at timestamptz NOT NULL,
  CHECK ((failure IS NULL) = (score IS NOT NULL AND max_score IS NOT NULL))
);
CREATE INDEX outlet_scores_sub_project ON outlet_scores (sub_project_id, score);

-- Whole-sub-project rescores, queued by every change of its scoring setup (the job runner works
-- them). One waits per sub-project: a change while it runs starts it again from the first outlet.
CREATE TABLE scoring_runs (
  id serial PRIMARY KEY,
  sub_project_id int NOT NULL REFERENCES sub_projects (id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('waiting', 'done', 'failed')),
  requested_by int REFERENCES users (id),
  requested_at timestamptz NOT NULL,
  -- Outlets are scored in id order; the last one done, so a run taken over goes on from there.
  after_outlet int NOT NULL DEFAULT 0,
  outlets_scored int NOT NULL DEFAULT 0,
  claimed_at timestamptz,
  heartbeat_at timestamptz,
  attempts int NOT NULL DEFAULT 0,
  finished_at timestamptz,
  message text
);
CREATE UNIQUE INDEX scoring_runs_one_waiting ON scoring_runs (sub_project_id) WHERE status = 'waiting';
CREATE INDEX scoring_runs_status ON scoring_runs (status, id);
