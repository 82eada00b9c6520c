-- Bulk uploads processed as jobs, their files, exports (My Downloads), and what confirming applies.

-- Uploaded files, result files and export files live in the database, so several server
-- processes sharing one PostgreSQL serve the same files.
CREATE TABLE stored_files (
  id serial PRIMARY KEY,
  name text NOT NULL,
  content_type text NOT NULL,
  content bytea,
  organisation_id int NOT NULL REFERENCES organisations (id),
  owner_id int REFERENCES users (id),
  created timestamptz NOT NULL,
  expires_at timestamptz
);

CREATE TABLE bulk_upload_jobs (
  id serial PRIMARY KEY,
  object_type text NOT NULL,
  organisation_id int NOT NULL REFERENCES organisations (id),
  project_id int REFERENCES projects (id),
  sub_project_id int REFERENCES sub_projects (id),
  question_group text,
  created_by int NOT NULL REFERENCES users (id),
  created timestamptz NOT NULL,
  file_id int NOT NULL REFERENCES stored_files (id),
  file_name text NOT NULL,
  status text NOT NULL CHECK (status IN ('processing', 'completed', 'active', 'accepted', 'cancelled', 'failed', 'under_activation')),
  total_objects int NOT NULL DEFAULT 0,
  total_clean_objects int NOT NULL DEFAULT 0,
  total_unclean_objects int NOT NULL DEFAULT 0,
  total_validated_objects int NOT NULL DEFAULT 0,
  progress int NOT NULL DEFAULT 0,
  clean_file_id int REFERENCES stored_files (id),
  unclean_file_id int REFERENCES stored_files (id),
  -- The validated clean rows, applied as they are when the job is confirmed.
  clean_rows jsonb,
  message text,
  -- A worker holds the job while its heartbeat is fresh; a stale one is taken over.
  claimed_at timestamptz,
  heartbeat_at timestamptz,
  attempts int NOT NULL DEFAULT 0,
  activated_by int REFERENCES users (id),
  activated_at timestamptz,
  cancelled_by int REFERENCES users (id),
  cancelled_at timestamptz,
  payment_reference text,
  export_job_id int
);
CREATE INDEX bulk_upload_jobs_status ON bulk_upload_jobs (status, id);
CREATE INDEX bulk_upload_jobs_kind ON bulk_upload_jobs (object_type, organisation_id, project_id, id);

CREATE TABLE export_jobs (
  id serial PRIMARY KEY,
  user_id int NOT NULL REFERENCES users (id),
  organisation_id int NOT NULL REFERENCES organisations (id),
  title text NOT NULL,
  kind text NOT NULL,
  params jsonb NOT NULL,
  status text NOT NULL CHECK (status IN ('processing', 'completed', 'failed')),
  progress int NOT NULL DEFAULT 0,
  created timestamptz NOT NULL,
  completed_at timestamptz,
  expires_at timestamptz,
  file_id int REFERENCES stored_files (id),
  message text,
  claimed_at timestamptz,
  heartbeat_at timestamptz,
  attempts int NOT NULL DEFAULT 0
);
CREATE INDEX export_jobs_user ON export_jobs (user_id, id);
CREATE INDEX export_jobs_status ON export_jobs (status, id);

CREATE TABLE upload_audit_log (
  id serial PRIMARY KEY,
  user_id int NOT NULL REFERENCES users (id),
  action text NOT NULL,
  job_id int NOT NULL REFERENCES bulk_upload_jobs (id),
  detail jsonb NOT NULL,
  created timestamptz NOT NULL
);

CREATE TABLE upload_notifications (
  id serial PRIMARY KEY,
  user_id int NOT NULL REFERENCES users (id),
  title text NOT NULL,
  sub_text text NOT NULL,
  job_id int REFERENCES bulk_upload_jobs (id),
  created timestamptz NOT NULL
);
CREATE INDEX upload_notifications_user ON upload_notifications (user_id, id);

-- What confirming the upload types applies (server/uploads/apply.ts).
CREATE TABLE sub_project_questions (
  id serial PRIMARY KEY,
  sub_project_id int NOT NULL REFERENCES sub_projects (id),
  question_group text NOT NULL,
  name text NOT NULL,
  type text NOT NULL,
  is_mandatory boolean NOT NULL,
  job_id int NOT NULL REFERENCES bulk_upload_jobs (id)
);

CREATE TABLE panel_outlets (
  sub_project_id int NOT NULL REFERENCES sub_projects (id),
  panel_name text NOT NULL,
  outlet_id int NOT NULL REFERENCES outlets (id),
  job_id int NOT NULL REFERENCES bulk_upload_jobs (id),
  PRIMARY KEY (sub_project_id, panel_name, outlet_id)
);

CREATE TABLE skus (
  id serial PRIMARY KEY,
  organisation_id int NOT NULL REFERENCES organisations (id),
  sku_code text NOT NULL,
  name text NOT NULL,
  brand text NOT NULL,
  mrp numeric(15, 2) NOT NULL,
  job_id int REFERENCES bulk_upload_jobs (id),
  UNIQUE (organisation_id, sku_code)
);

CREATE TABLE scoring_benchmarks (
  sub_project_id int NOT NULL REFERENCES sub_projects (id),
  parameter text NOT NULL,
  benchmark numeric(15, 2) NOT NULL,
  job_id int NOT NULL REFERENCES bulk_upload_jobs (id),
  PRIMARY KEY (sub_project_id, parameter)
);

CREATE TABLE cycle_outlets (
  sub_project_id int NOT NULL REFERENCES sub_projects (id),
  outlet_id int NOT NULL REFERENCES outlets (id),
  target_amount numeric(15, 2) NOT NULL,
  start_date date NOT NULL,
  end_date date NOT NULL,
  job_id int NOT NULL REFERENCES bulk_upload_jobs (id),
  PRIMARY KEY (sub_project_id, outlet_id)
);

-- Payouts plotted by upload, keyed to outlets; the outlet's workflow state is not changed here.
CREATE TABLE outlet_payouts (
  id serial PRIMARY KEY,
  outlet_id int NOT NULL REFERENCES outlets (id),
  sub_project_id int NOT NULL REFERENCES sub_projects (id),
  program text NOT NULL,
  amount numeric(15, 2) NOT NULL,
  client_payout_month text NOT NULL,
  rs_payout_month text NOT NULL,
  payment_status text NOT NULL DEFAULT 'plotted',
  utr_number text,
  payment_date date,
  payment_remarks text,
  plotted_job_id int NOT NULL REFERENCES bulk_upload_jobs (id),
  status_job_id int REFERENCES bulk_upload_jobs (id)
);
CREATE INDEX outlet_payouts_outlet ON outlet_payouts (outlet_id);

CREATE TABLE payout_data (
  id serial PRIMARY KEY,
  outlet_id int NOT NULL REFERENCES outlets (id),
  sub_project_id int NOT NULL REFERENCES sub_projects (id),
  outlet_name text NOT NULL,
  amount numeric(15, 2) NOT NULL,
  payout_month text NOT NULL,
  account_holder_name text NOT NULL,
  account_number text NOT NULL,
  ifsc_code text NOT NULL,
  pan_number text NOT NULL,
  phone_number text NOT NULL,
  remarks text,
  job_id int NOT NULL REFERENCES bulk_upload_jobs (id)
);

CREATE TABLE whatsapp_messages (
  id serial PRIMARY KEY,
  organisation_id int NOT NULL REFERENCES organisations (id),
  phone_number text NOT NULL,
  template_name text NOT NULL,
  message text NOT NULL,
  status text NOT NULL DEFAULT 'queued',
  job_id int NOT NULL REFERENCES bulk_upload_jobs (id)
);

CREATE TABLE kyc_contacts (
  sub_project_id int NOT NULL REFERENCES sub_projects (id),
  outlet_id int NOT NULL REFERENCES outlets (id),
  contact_name text NOT NULL,
  phone_number text NOT NULL,
  email text,
  job_id int NOT NULL REFERENCES bulk_upload_jobs (id),
  PRIMARY KEY (sub_project_id, outlet_id)
);

-- KYC details received by upload, kept beside the outlet (the outlet row itself is not rewritten).
CREATE TABLE outlet_kyc_updates (
  id serial PRIMARY KEY,
  outlet_id int NOT NULL REFERENCES outlets (id),
  sub_project_id int NOT NULL REFERENCES sub_projects (id),
  pan_number text NOT NULL,
  gst_number text NOT NULL,
  ifsc_code text NOT NULL,
  account_number text NOT NULL,
  pin_code text NOT NULL,
  job_id int NOT NULL REFERENCES bulk_upload_jobs (id)
);

CREATE TABLE bank_codes (
  ifsc_code text PRIMARY KEY,
  bank_code text NOT NULL,
  bank text NOT NULL,
  branch text NOT NULL,
  job_id int REFERENCES bulk_upload_jobs (id)
);

CREATE TABLE upi_payments (
  id serial PRIMARY KEY,
  job_id int NOT NULL REFERENCES bulk_upload_jobs (id),
  outlet_id int NOT NULL REFERENCES outlets (id),
  upi_id text NOT NULL,
  amount numeric(15, 2) NOT NULL,
  status text NOT NULL,
  gateway_reference text NOT NULL,
  paid_at timestamptz NOT NULL
);
