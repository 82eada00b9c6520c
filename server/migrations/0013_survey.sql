-- Survey Details (spec 001 §2.2, §3): question groups, questions with their validations, and each
-- outlet's answers with their images. The questions upload (sub_project_questions until now) feeds
-- these tables.

CREATE TABLE question_groups (
  id serial PRIMARY KEY,
  sub_project_id int NOT NULL REFERENCES sub_projects (id),
  name text NOT NULL,
  slug text NOT NULL,
  type text NOT NULL DEFAULT 'general' CHECK (type IN ('general', 'sku_group')),
  -- The SKUs a sku_group group asks about, in display order.
  related_sku_ids int[] NOT NULL DEFAULT '{}',
  position int NOT NULL DEFAULT 0,
  UNIQUE (sub_project_id, name),
  UNIQUE (sub_project_id, slug)
);

CREATE TABLE questions (
  id serial PRIMARY KEY,
  question_group_id int NOT NULL REFERENCES question_groups (id),
  name text NOT NULL,
  type text NOT NULL CHECK (type IN ('yes_or_no', 'single_choice', 'dropdown', 'multiple_choice', 'date',
    'text', 'number', 'pin_code', 'phone_number', 'phone_number_without_otp', 'phone_number_with_otp',
    'account_number', 'ifsc_code', 'gst_number', 'pan_number', 'location', 'single_image', 'multiple_image',
    'invoice_image', 'e_signature')),
  is_mandatory boolean NOT NULL DEFAULT false,
  -- min_length, max_length, upper_limit, lower_limit, lower_than, greater_than, allow_decimals, choices
  validations jsonb NOT NULL DEFAULT '{}',
  is_calling_necessary boolean NOT NULL DEFAULT false,
  position int NOT NULL DEFAULT 0,
  job_id int REFERENCES bulk_upload_jobs (id),
  UNIQUE (question_group_id, name)
);

-- What the questions upload wrote so far moves over, each group named once per sub-project.
INSERT INTO question_groups (sub_project_id, name, slug, position)
SELECT sub_project_id, question_group,
  lower(regexp_replace(question_group, '[^A-Za-z0-9]+', '-', 'g')) || '-' || min(id), min(id)
FROM sub_project_questions GROUP BY sub_project_id, question_group;
INSERT INTO questions (question_group_id, name, type, is_mandatory, position, job_id)
SELECT g.id, q.name, q.type, q.is_mandatory, q.id, q.job_id
FROM sub_project_questions q JOIN question_groups g ON g.sub_project_id = q.sub_project_id AND g.name = q.question_group;
DROP TABLE sub_project_questions;

-- One answer per question per workflow object (per SKU in a sku_group group).
CREATE TABLE answers (
  id bigserial PRIMARY KEY,
  workflow_object_id int NOT NULL REFERENCES workflow_objects (id) ON DELETE CASCADE,
  question_id int NOT NULL REFERENCES questions (id),
  sku_id int REFERENCES skus (id),
  single_input text,
  multiple_answers_input jsonb NOT NULL DEFAULT '[]',
  latitude_input double precision,
  longitude_input double precision,
  remarks text,
  has_called_and_verified boolean NOT NULL DEFAULT false,
  is_edited boolean NOT NULL DEFAULT false,
  verified boolean NOT NULL DEFAULT false,
  verified_secondary boolean NOT NULL DEFAULT false,
  other_phone_number text,
  other_ifsc_code text,
  other_bank_name text,
  other_branch_name text,
  other_account_holder_name text,
  other_upi_account_name text,
  other_pan_holder_name text,
  other_gst_trade_name text,
  other_gst_legal_name text,
  other_gst_registration_status text,
  is_gst_trade_name_found boolean,
  is_gst_legal_name_found boolean,
  -- Raised by every save: a save carrying an older version was made on stale data and is refused.
  version int NOT NULL DEFAULT 1,
  created timestamptz NOT NULL,
  modified timestamptz NOT NULL
);
CREATE UNIQUE INDEX answers_one_per_question ON answers (workflow_object_id, question_id, coalesce(sku_id, 0));

CREATE TABLE answer_images (
  id serial PRIMARY KEY,
  answer_id bigint NOT NULL REFERENCES answers (id) ON DELETE CASCADE,
  content_type text NOT NULL,
  content bytea NOT NULL,
  created timestamptz NOT NULL
);
CREATE INDEX answer_images_answer ON answer_images (answer_id, id);
