-- The SKU rows of collected invoices (spec 002 §3 simplifiedinvoiceskudata, simplifiedinvoiceaddonsku;
-- 001 §3; docs/invoices.md): a SKU row names an entry of the sub-project's SKU list; an add-on row is
-- a product the list does not hold, as the field app recorded it (maker, brand, variant,
-- sub-category), until a reviewer chooses a listed SKU for it. Each row has a value per SKU template
-- field; is_edit marks a value a reviewer changed.

CREATE TABLE invoice_sku_rows (
  id serial PRIMARY KEY,
  invoice_id int NOT NULL REFERENCES invoices (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('sku', 'add_on')),
  sub_project_sku_id int REFERENCES sub_project_skus (id) ON DELETE SET NULL,
  sku_name text NOT NULL DEFAULT '',
  add_on_sku text,
  manufacturer text NOT NULL DEFAULT '',
  brand text NOT NULL DEFAULT '',
  variant text NOT NULL DEFAULT '',
  sub_category text NOT NULL DEFAULT '',
  position int NOT NULL
);
CREATE INDEX invoice_sku_rows_invoice ON invoice_sku_rows (invoice_id, kind, position, id);
CREATE INDEX invoice_sku_rows_listed ON invoice_sku_rows (sub_project_sku_id);

CREATE TABLE invoice_sku_values (
  row_id int NOT NULL REFERENCES invoice_sku_rows (id) ON DELETE CASCADE,
  sku_template_field_id int NOT NULL REFERENCES sku_template_fields (id) ON DELETE CASCADE,
  single_input text NOT NULL,
  is_edit boolean NOT NULL DEFAULT false,
  PRIMARY KEY (row_id, sku_template_field_id)
);
CREATE INDEX invoice_sku_values_field ON invoice_sku_values (sku_template_field_id);
