-- Identity verification (spec 001 §3, §4.3, §7): the account number's own status beside the IFSC's
-- on the workflow object, the values a check verified on the outlet (its *_kyc fields), every check
-- recorded, and the IFSC master's changes with who made them.

-- §4.3: IFSC, PAN, GST, account number and UPI each verified or not_verified_yet. PAN and GST live
-- on the outlet, the bank account on its workflow object; a UPI id is an answer, whose verified
-- flag is its status.
ALTER TABLE workflow_objects
  ADD COLUMN account_number_verification_status text NOT NULL DEFAULT 'not_verified_yet'
    CHECK (account_number_verification_status IN ('verified', 'not_verified_yet'));

-- §3: what the last successful check said, kept apart from the values on record.
ALTER TABLE outlets
  ADD COLUMN bank_kyc text,
  ADD COLUMN branch_kyc text,
  ADD COLUMN pan_number_kyc text,
  ADD COLUMN gst_number_kyc text,
  ADD COLUMN account_number_kyc text,
  ADD COLUMN ifsc_code_kyc text;

-- Every check, whatever its outcome; the input is kept masked only.
CREATE TABLE verification_checks (
  id bigserial PRIMARY KEY,
  organisation_id int NOT NULL REFERENCES organisations (id),
  kind text NOT NULL CHECK (kind IN ('ifsc', 'pan', 'gst', 'gst_duplicate', 'bank_account', 'upi')),
  masked_input text NOT NULL,
  outlet_id int REFERENCES outlets (id) ON DELETE SET NULL,
  answer_id bigint REFERENCES answers (id) ON DELETE SET NULL,
  workflow_object_id int REFERENCES workflow_objects (id) ON DELETE SET NULL,
  status text NOT NULL CHECK (status IN ('verified', 'failed', 'error')),
  result jsonb NOT NULL DEFAULT '{}',
  provider text NOT NULL,
  provider_reference text,
  user_id int NOT NULL REFERENCES users (id),
  created timestamptz NOT NULL,
  error text
);
CREATE INDEX verification_checks_recent ON verification_checks (organisation_id, created DESC, id DESC);
-- The per-user rate limit counts a user's recent provider calls.
CREATE INDEX verification_checks_user ON verification_checks (user_id, created);

-- The IFSC master's audit trail: each change made on the IFSC change screen, before and after.
CREATE TABLE bank_code_changes (
  id bigserial PRIMARY KEY,
  ifsc_code text NOT NULL,
  before jsonb,
  after jsonb NOT NULL,
  reason text NOT NULL,
  user_id int NOT NULL REFERENCES users (id),
  created timestamptz NOT NULL
);
CREATE INDEX bank_code_changes_code ON bank_code_changes (ifsc_code, created DESC);
