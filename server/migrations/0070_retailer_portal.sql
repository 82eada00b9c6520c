-- The retailer's own pages (spec 002 §2.3-§2.7, §3, §4, §7): the link each outlet's retailer opens,
-- the device a link is bound to, payout invoices and target statements with their PDF files.

-- The slug of the retailer's link: random and unguessable, unlike the RSID staff read aloud.
ALTER TABLE outlets ADD COLUMN mobile_slug text UNIQUE;

-- Payouts made before the platform plotted them (imported history) have no plotting upload.
ALTER TABLE outlet_payouts ALTER COLUMN plotted_job_id DROP NOT NULL;
CREATE INDEX outlet_payouts_outlet_paid ON outlet_payouts (outlet_id, payment_date DESC)
  WHERE payment_status = 'payment_successful';

-- The first access token a link is opened with binds the link to that device (docs/retailer-portal.md).
CREATE TABLE mobile_link_bindings (
  outlet_id int PRIMARY KEY REFERENCES outlets (id) ON DELETE CASCADE,
  token_hash text NOT NULL,
  token_minute timestamptz NOT NULL,
  bound_at timestamptz NOT NULL
);

-- One invoice per paid payout; its PDF is made on first download and kept in stored_files.
CREATE TABLE retailer_invoices (
  id serial PRIMARY KEY,
  outlet_id int NOT NULL REFERENCES outlets (id) ON DELETE CASCADE,
  payout_id int NOT NULL UNIQUE REFERENCES outlet_payouts (id),
  invoice_no text NOT NULL UNIQUE,
  created date NOT NULL,
  file_id int REFERENCES stored_files (id)
);
CREATE INDEX retailer_invoices_outlet ON retailer_invoices (outlet_id, created DESC);

-- Target against achievement per period; its PDF is made on first view and kept in stored_files.
CREATE TABLE target_statements (
  id serial PRIMARY KEY,
  outlet_id int NOT NULL REFERENCES outlets (id) ON DELETE CASCADE,
  report_name text NOT NULL,
  program text NOT NULL,
  period_start date NOT NULL,
  period_end date NOT NULL,
  target numeric(15, 2) NOT NULL,
  achievement numeric(15, 2) NOT NULL,
  remark text,
  file_id int REFERENCES stored_files (id),
  UNIQUE (outlet_id, report_name, period_start)
);
