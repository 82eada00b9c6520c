-- Projects and sub-projects become administered resources (docs/projects.md): a version for the
-- optimistic check of an update, who changed them last and when, and names unique where they are
-- chosen (a project's within its organisation, a sub-project's within its project).
ALTER TABLE projects ADD COLUMN version int NOT NULL DEFAULT 1, ADD COLUMN modified_at timestamptz, ADD COLUMN modified_by int REFERENCES users (id);
ALTER TABLE sub_projects ADD COLUMN version int NOT NULL DEFAULT 1, ADD COLUMN modified_at timestamptz, ADD COLUMN modified_by int REFERENCES users (id);
CREATE UNIQUE INDEX projects_unique_name ON projects (organisation_id, lower(name));
CREATE UNIQUE INDEX sub_projects_unique_name ON sub_projects (project_id, lower(name));
CREATE INDEX projects_organisation ON projects (organisation_id, id);
CREATE INDEX sub_projects_project ON sub_projects (project_id);

-- Which project notifications (outlet log rows of the notified event types) each user has read.
CREATE TABLE project_notification_reads (
  user_id int NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  outlet_log_id bigint NOT NULL REFERENCES outlet_logs (id) ON DELETE CASCADE,
  read_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, outlet_log_id)
);

-- Notifications are the log rows of four actions; this finds them without reading every log row.
CREATE INDEX outlet_logs_notified ON outlet_logs (created DESC)
  WHERE action IN ('route_plan_client_confirmed', 'client_confirmation_rejected', 'payouts_plotted', 'payment_successful');
