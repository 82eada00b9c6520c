-- What the outlet lists need at 100,000 outlets (measured in docs/benchmarks.md).

-- Each ordering walks an index and stops after one page instead of sorting every match.
CREATE INDEX outlets_created ON outlets (created);
CREATE INDEX outlets_modified ON outlets (modified);
CREATE INDEX outlets_name ON outlets (name);
CREATE INDEX outlets_workflow_state ON outlets (workflow_state, rsid);
-- A search that looks like an RSID is a prefix match.
CREATE INDEX outlets_rsid_prefix ON outlets (rsid text_pattern_ops);
-- Filters that pick few outlets.
CREATE INDEX outlets_city ON outlets (city_id);
CREATE INDEX outlets_program ON outlets (program_id);
CREATE INDEX outlets_auditor ON outlets (auditor_id);
CREATE INDEX outlets_invoice_date ON outlets (invoice_date);

-- Outlets counted by what most lists filter on, kept by a trigger, so the pager's total does not
-- count every row of a large list on each page. Migration files are split at semicolons that end a
-- line, so inside the function body each statement's line ends with a comment.
CREATE TABLE outlet_counts (
  sub_project_id int NOT NULL,
  workflow_state text NOT NULL,
  status text NOT NULL,
  is_temp boolean NOT NULL,
  n int NOT NULL,
  PRIMARY KEY (sub_project_id, workflow_state, status, is_temp)
);

INSERT INTO outlet_counts (sub_project_id, workflow_state, status, is_temp, n)
  SELECT sub_project_id, workflow_state, status, is_temp, count(*) FROM outlets
  GROUP BY sub_project_id, workflow_state, status, is_temp;

CREATE FUNCTION outlet_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE outlet_counts SET n = n - 1
    WHERE sub_project_id = OLD.sub_project_id AND workflow_state = OLD.workflow_state
      AND status = OLD.status AND is_temp = OLD.is_temp; -- the old place loses the outlet
  END IF; -- (see the note above)
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO outlet_counts (sub_project_id, workflow_state, status, is_temp, n)
    VALUES (NEW.sub_project_id, NEW.workflow_state, NEW.status, NEW.is_temp, 1)
    ON CONFLICT (sub_project_id, workflow_state, status, is_temp)
    DO UPDATE SET n = outlet_counts.n + 1; -- the new place gains it
  END IF; -- (see the note above)
  RETURN NULL; -- an AFTER trigger's answer is ignored
END
$$;

CREATE TRIGGER outlet_counts_insert_delete AFTER INSERT OR DELETE ON outlets
  FOR EACH ROW EXECUTE FUNCTION outlet_counts_track();

CREATE TRIGGER outlet_counts_update AFTER UPDATE OF sub_project_id, workflow_state, status, is_temp ON outlets
  FOR EACH ROW
  WHEN (OLD.sub_project_id IS DISTINCT FROM NEW.sub_project_id OR OLD.workflow_state IS DISTINCT FROM NEW.workflow_state
        OR OLD.status IS DISTINCT FROM NEW.status OR OLD.is_temp IS DISTINCT FROM NEW.is_temp)
  EXECUTE FUNCTION outlet_counts_track();
