-- The invoice details templates (docs/admin.md): the invoice headers and detail fields an
-- organisation's invoices are entered with. A header or field in a template is not deleted
-- underneath it: the delete answers 409 naming the templates.
CREATE TABLE invoice_templates (
  id serial PRIMARY KEY,
  organisation_id int NOT NULL REFERENCES organisations (id),
  name text NOT NULL,
  is_active boolean NOT NULL DEFAULT true,
  version int NOT NULL DEFAULT 1,
  modified_at timestamptz,
  modified_by int REFERENCES users (id)
);
CREATE UNIQUE INDEX invoice_templates_unique_name ON invoice_templates (organisation_id, lower(name));

CREATE TABLE invoice_template_headers (
  template_id int NOT NULL REFERENCES invoice_templates (id) ON DELETE CASCADE,
  header_id int NOT NULL REFERENCES invoice_headers (id),
  PRIMARY KEY (template_id, header_id)
);
CREATE INDEX invoice_template_headers_header ON invoice_template_headers (header_id);

CREATE TABLE invoice_template_fields (
  template_id int NOT NULL REFERENCES invoice_templates (id) ON DELETE CASCADE,
  field_id int NOT NULL REFERENCES invoice_detail_fields (id),
  PRIMARY KEY (template_id, field_id)
);
CREATE INDEX invoice_template_fields_field ON invoice_template_fields (field_id);
