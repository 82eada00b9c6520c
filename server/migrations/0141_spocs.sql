-- Single points of contact (docs/spoc.md): the person to call about an organisation, or about one
-- of its projects when project_id is set. Administered through the resource layer (/api/admin/spocs/).
CREATE TABLE spocs (
  id serial PRIMARY KEY,
  organisation_id int NOT NULL REFERENCES organisations (id),
  project_id int REFERENCES projects (id),
  name text NOT NULL,
  responsibility text NOT NULL DEFAULT '',
  phone_number text NOT NULL,
  email text NOT NULL DEFAULT '',
  is_active boolean NOT NULL DEFAULT true,
  -- The resource layer's optimistic lock and audit columns, as every administered table.
  version int NOT NULL DEFAULT 1,
  modified_at timestamptz,
  modified_by int REFERENCES users (id)
);
CREATE INDEX spocs_by_organisation ON spocs (organisation_id, project_id);
