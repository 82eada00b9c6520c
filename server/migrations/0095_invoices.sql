-- Collected bills (spec 001 §2.2, §3 invoice result; 002 §3, §7; docs/invoices.md): the invoices
-- of a workflow object in tab order, each with its number and date, its header answers (the
-- value, the verified flag and what a GST or PAN lookup derived) and its images by kind. The
-- version guards every write; is_complete is set once the header answers were saved.

CREATE TABLE invoices (
  id serial PRIMARY KEY,
  workflow_object_id int NOT NULL REFERENCES workflow_objects (id) ON DELETE CASCADE,
  position int NOT NULL,
  invoice_no text NOT NULL,
  invoice_date date,
  is_complete boolean NOT NULL DEFAULT false,
  version int NOT NULL DEFAULT 1,
  created timestamptz NOT NULL,
  modified_at timestamptz,
  modified_by int REFERENCES users (id),
  UNIQUE (workflow_object_id, position)
);
CREATE INDEX invoices_date ON invoices (invoice_date DESC, id DESC);
CREATE INDEX invoices_pending ON invoices (workflow_object_id) WHERE NOT is_complete;

CREATE TABLE invoice_header_answers (
  invoice_id int NOT NULL REFERENCES invoices (id) ON DELETE CASCADE,
  header_id int NOT NULL REFERENCES invoice_headers (id),
  single_input text,
  is_verified boolean NOT NULL DEFAULT false,
  gst_legal_name text,
  gst_registration_status text,
  gst_trade_name text,
  pan_holder_name text,
  PRIMARY KEY (invoice_id, header_id)
);
CREATE INDEX invoice_header_answers_header ON invoice_header_answers (header_id);

-- Images: the bill itself, SKU and add-on SKU photos, and a multiple_image header's images.
CREATE TABLE invoice_images (
  id serial PRIMARY KEY,
  invoice_id int NOT NULL REFERENCES invoices (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('invoice', 'sku', 'add_on_sku', 'header')),
  header_id int REFERENCES invoice_headers (id),
  name text,
  content_type text NOT NULL,
  content bytea NOT NULL,
  created timestamptz NOT NULL,
  CHECK ((kind = 'header') = (header_id IS NOT NULL))
);
CREATE INDEX invoice_images_invoice ON invoice_images (invoice_id, kind, id);
CREATE INDEX invoice_images_header ON invoice_images (header_id);
