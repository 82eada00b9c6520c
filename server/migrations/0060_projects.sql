-- Projects and sub-projects become administered resources (docs/projects.md): a version for the
-- optimistic check of an update, who changed them last and when, and names unique where they are
-- chosen (a project's within its organisation, a sub-project's within its project).
ALTER TABLE projects ADD COLUMN version int NOT NULL DEFAULT 1, ADD COLUMN modified_at timestamptz, ADD COLUMN modified_by int REFERENCES users (id);
ALTER TABLE sub_projects ADD COLUMN version int NOT NULL DEFAULT 1, ADD COLUMN modified_at timestamptz, ADD COLUMN modified_by int REFERENCES users (id);
CREATE UNIQUE INDEX projects_unique_name ON projects (organisation_id, lower(name));
CREATE UNIQUE INDEX sub_projects_unique_name ON sub_projects (project_id, lower(name));
-- The cards are listed newest start first, a page at a time.
CREATE INDEX projects_by_start ON projects (start_date DESC, id DESC);
CREATE INDEX projects_organisation ON projects (organisation_id, start_date DESC, id DESC);
CREATE INDEX sub_projects_project ON sub_projects (project_id);

-- Project notifications (docs/projects.md): the outlet log rows of the four notified event types,
-- with the project the outlet was in when it happened, so a card reads its newest and counts its own
-- without reading the log. A trigger keeps it as log rows are written. Migration files are split at
-- semicolons that end a line, so inside the function body each statement's line ends with a comment.
CREATE TABLE project_notifications (
  outlet_log_id bigint PRIMARY KEY REFERENCES outlet_logs (id) ON DELETE CASCADE,
  project_id int NOT NULL REFERENCES projects (id),
  created timestamptz NOT NULL
);
CREATE INDEX project_notifications_project ON project_notifications (project_id, created DESC, outlet_log_id DESC);
CREATE INDEX project_notifications_created ON project_notifications (created DESC, outlet_log_id DESC);

INSERT INTO project_notifications (outlet_log_id, project_id, created)
  SELECT l.id, s.project_id, l.created FROM outlet_logs l
  JOIN outlets o ON o.id = l.outlet_id JOIN sub_projects s ON s.id = o.sub_project_id
  WHERE l.action IN ('route_plan_client_confirmed', 'client_confirmation_rejected', 'payouts_plotted', 'payment_successful');

CREATE FUNCTION project_notifications_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO project_notifications (outlet_log_id, project_id, created)
  SELECT NEW.id, s.project_id, NEW.created FROM outlets o JOIN sub_projects s ON s.id = o.sub_project_id
  WHERE o.id = NEW.outlet_id; -- the project the outlet is in now
  RETURN NULL; -- an AFTER trigger's answer is ignored
END
$$;

CREATE TRIGGER project_notifications_insert AFTER INSERT ON outlet_logs FOR EACH ROW
  WHEN (NEW.action IN ('route_plan_client_confirmed', 'client_confirmation_rejected', 'payouts_plotted', 'payment_successful'))
  EXECUTE FUNCTION project_notifications_track();

-- Which notifications each user has read; the project is kept so a card's unread count is two counts.
CREATE TABLE project_notification_reads (
  user_id int NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  outlet_log_id bigint NOT NULL REFERENCES project_notifications (outlet_log_id) ON DELETE CASCADE,
  project_id int NOT NULL REFERENCES projects (id),
  read_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, outlet_log_id)
);
CREATE INDEX project_notification_reads_project ON project_notification_reads (user_id, project_id);
