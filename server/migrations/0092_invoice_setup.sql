-- A sub-project's invoice setup (docs/projects.md, Invoice and SKU setup): the invoice template it
-- uses or its own ordered header list, its SKU template fields (002 §3 assigned_sku_template_field)
-- and its SKU list (002 §7: catalogue SKUs plus those retailers added).

-- One row per set-up sub-project; its version guards the assignment against two editors.
CREATE TABLE sub_project_invoice_setups (
  sub_project_id int PRIMARY KEY REFERENCES sub_projects (id) ON DELETE CASCADE,
  template_id int REFERENCES invoice_templates (id),
  version int NOT NULL DEFAULT 1,
  modified_at timestamptz,
  modified_by int REFERENCES users (id)
);
CREATE INDEX sub_project_invoice_setups_template ON sub_project_invoice_setups (template_id);

-- The sub-project's own headers, in the order the invoice asks them (used when no template is set).
CREATE TABLE sub_project_invoice_headers (
  sub_project_id int NOT NULL REFERENCES sub_projects (id) ON DELETE CASCADE,
  header_id int NOT NULL REFERENCES invoice_headers (id),
  position int NOT NULL,
  PRIMARY KEY (sub_project_id, header_id),
  UNIQUE (sub_project_id, position)
);
CREATE INDEX sub_project_invoice_headers_header ON sub_project_invoice_headers (header_id);

-- The fields each SKU row of the sub-project's invoices is entered with (002 §3, §5).
CREATE TABLE sku_template_fields (
  id serial PRIMARY KEY,
  sub_project_id int NOT NULL REFERENCES sub_projects (id) ON DELETE CASCADE,
  name text NOT NULL,
  field_type text NOT NULL CHECK (field_type IN ('text', 'number', 'date', 'time', 'dropdown')),
  is_mandatory boolean NOT NULL DEFAULT false,
  position int NOT NULL DEFAULT 1,
  min_length numeric,
  max_length numeric,
  lower_limit numeric,
  upper_limit numeric,
  allow_decimals boolean NOT NULL DEFAULT false,
  greater_than text NOT NULL DEFAULT '',
  lower_than text NOT NULL DEFAULT '',
  choices text NOT NULL DEFAULT '',
  version int NOT NULL DEFAULT 1,
  modified_at timestamptz,
  modified_by int REFERENCES users (id)
);
CREATE UNIQUE INDEX sku_template_fields_unique_name ON sku_template_fields (sub_project_id, lower(name));

-- The sub-project's SKU list: a catalogue SKU, or one a retailer added (no catalogue row), which
-- the list asked with exclude_retailers=true leaves out.
CREATE TABLE sub_project_skus (
  id serial PRIMARY KEY,
  sub_project_id int NOT NULL REFERENCES sub_projects (id) ON DELETE CASCADE,
  sku_id int REFERENCES skus (id),
  name text NOT NULL,
  added_by_retailer boolean NOT NULL DEFAULT false,
  job_id int REFERENCES bulk_upload_jobs (id),
  version int NOT NULL DEFAULT 1,
  modified_at timestamptz,
  modified_by int REFERENCES users (id),
  CHECK (added_by_retailer OR sku_id IS NOT NULL)
);
CREATE UNIQUE INDEX sub_project_skus_unique_sku ON sub_project_skus (sub_project_id, sku_id);
CREATE UNIQUE INDEX sub_project_skus_unique_name ON sub_project_skus (sub_project_id, lower(name));
CREATE INDEX sub_project_skus_sku ON sub_project_skus (sku_id);

-- Dropdown choices are separated by ";" as everywhere in the spec (002 §3, §5); the header
-- catalogue wrote them with commas.
UPDATE invoice_headers
SET choices = array_to_string(ARRAY(
  SELECT btrim(c) FROM unnest(string_to_array(choices, ',')) AS c WHERE btrim(c) <> ''
), ';')
WHERE choices LIKE '%,%';
