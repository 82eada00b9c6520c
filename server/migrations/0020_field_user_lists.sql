-- The field auditor's lists (docs/field-user.md): an auditor's outlets in newest-change order, with
-- the sub-project and state the list filter reads, so a page and its count read this index alone.
CREATE INDEX outlets_auditor_modified ON outlets (auditor_id, modified DESC, rsid)
  INCLUDE (id, sub_project_id, workflow_state);
