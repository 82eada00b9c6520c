-- The outlet review screen (spec 001 §2.4, §3): the header card's outlet fields, the related
-- workflow object, the outlet's images and the QC edit history.

-- Header-card fields. phone stays phone 1 (phone_number1 in the API); workflow_state and
-- interim_status stay on the outlet, where the lists' indexes and count trigger read them, and the
-- API shows them inside the workflow object.
ALTER TABLE outlets
  ADD COLUMN phone_number2 text,
  ADD COLUMN email text,
  ADD COLUMN dob date,
  ADD COLUMN bank_account_type text,
  ADD COLUMN gst_trade_name text,
  ADD COLUMN gst_legal_name text,
  ADD COLUMN distributor_gst_number text,
  ADD COLUMN distributor_gst_trade_name text,
  ADD COLUMN distributor_gst_legal_name text,
  ADD COLUMN distributor_gst_registration_status text,
  ADD COLUMN gst_number_verification_status text NOT NULL DEFAULT 'not_verified_yet'
    CHECK (gst_number_verification_status IN ('verified', 'not_verified_yet')),
  ADD COLUMN pan_number_verification_status text NOT NULL DEFAULT 'not_verified_yet'
    CHECK (pan_number_verification_status IN ('verified', 'not_verified_yet')),
  ADD COLUMN survey_start timestamptz,
  ADD COLUMN survey_end timestamptz,
  ADD COLUMN start_latitude double precision,
  ADD COLUMN start_longitude double precision,
  ADD COLUMN end_latitude double precision,
  ADD COLUMN end_longitude double precision,
  ADD COLUMN location_accuracy double precision,
  ADD COLUMN uploaded_at timestamptz,
  ADD COLUMN pre_survey_remark text,
  ADD COLUMN notes_by_field_auditor text,
  ADD COLUMN survey_not_done_notes_by_field_auditor text,
  ADD COLUMN qc_display_notes text,
  ADD COLUMN calling_remarks text,
  ADD COLUMN client_remarks text,
  ADD COLUMN inbound_source text,
  -- An edit waiting for a decision keeps the value it replaced here; Accept clears it, Reject
  -- puts it back.
  ADD COLUMN previous_address text,
  ADD COLUMN previous_phone_number1 text,
  ADD COLUMN previous_phone_number2 text,
  ADD COLUMN previous_outlet_id int REFERENCES outlets (id),
  ADD COLUMN bulk_created_by int REFERENCES users (id),
  ADD COLUMN bulk_approved_by int REFERENCES users (id);

-- One per outlet: an outlet belongs to exactly one sub-project.
CREATE TABLE workflow_objects (
  id serial PRIMARY KEY,
  outlet_id int NOT NULL UNIQUE REFERENCES outlets (id) ON DELETE CASCADE,
  type_of_calling text CHECK (type_of_calling IN ('validation', 'intimation', 'invoice', 'kyc_update', 'confirmation')),
  travel_log jsonb NOT NULL DEFAULT '[]',
  other_config jsonb NOT NULL DEFAULT '{}',
  ifsc_code_verification_status text NOT NULL DEFAULT 'not_verified_yet'
    CHECK (ifsc_code_verification_status IN ('verified', 'not_verified_yet')),
  route_plan_start_date date,
  route_plan_end_date date,
  qc_inbound_date date,
  client_payout_month text,
  rs_payout_month text,
  amount_to_pay numeric(12, 2),
  payment_status text,
  payment_date date,
  payment_remarks text,
  utr_number text,
  bank text,
  branch text,
  account_number text,
  ifsc_code text,
  account_holder_name text,
  assigned_field_manager int REFERENCES users (id),
  assigned_qc_manager int REFERENCES users (id),
  assigned_calling_executive int REFERENCES users (id),
  assigned_field_auditor int REFERENCES field_auditors (id),
  assigned_field_coordinator int REFERENCES users (id),
  assigned_qc_executive int REFERENCES users (id),
  assigned_calling_manager int REFERENCES users (id),
  rsa_verification_status text,
  client_given_phone_number text,
  field_survey_mobile_version_number text,
  calling_display_notes text,
  calling_inbound_source_differentiation text,
  invoice_file_id int REFERENCES stored_files (id)
);

INSERT INTO workflow_objects (outlet_id) SELECT id FROM outlets;

-- Every outlet gets its workflow object as it is created, whoever creates it.
CREATE FUNCTION workflow_objects_for_new_outlets() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO workflow_objects (outlet_id) SELECT id FROM new_outlets; -- (a comment keeps the split)
  RETURN NULL; -- an AFTER trigger's answer is ignored
END
$$;
CREATE TRIGGER workflow_objects_for_new_outlets AFTER INSERT ON outlets
  REFERENCING NEW TABLE AS new_outlets FOR EACH STATEMENT
  EXECUTE FUNCTION workflow_objects_for_new_outlets();

-- The dealer board (banner) image and the RSA photo proofs, served by the server to whoever may
-- see the outlet.
CREATE TABLE outlet_images (
  id serial PRIMARY KEY,
  outlet_id int NOT NULL REFERENCES outlets (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('banner', 'rsa_proof')),
  content_type text NOT NULL,
  content bytea NOT NULL,
  created timestamptz NOT NULL
);
CREATE INDEX outlet_images_outlet ON outlet_images (outlet_id, kind, id);

-- A line per change QC makes to an answer or an outlet field.
CREATE TABLE qc_edit_history (
  id bigserial PRIMARY KEY,
  workflow_object_id int NOT NULL REFERENCES workflow_objects (id) ON DELETE CASCADE,
  user_id int REFERENCES users (id),
  message text NOT NULL,
  created timestamptz NOT NULL
);
CREATE INDEX qc_edit_history_object ON qc_edit_history (workflow_object_id, created);

-- Similar outlets share a PAN, a GST number, a bank account or a phone number.
CREATE INDEX outlets_gst ON outlets (gst);
CREATE INDEX outlets_phone ON outlets (phone);
