-- The field auditor's capture (docs/field-user.md): outlets added on the phone, each sent once under
-- the key the phone made for its draft, and the retailer service agreement filled on the phone.

-- A second send of the same draft (a retry after a lost answer, a double tap) finds its key here
-- and is answered with the outlet made the first time.
CREATE TABLE field_outlet_submissions (
  idempotency_key uuid PRIMARY KEY,
  auditor_id int NOT NULL REFERENCES field_auditors (id),
  outlet_id int NOT NULL UNIQUE REFERENCES outlets (id) ON DELETE CASCADE,
  created timestamptz NOT NULL
);

-- RSIDs of outlets added in the field, apart from the uploads' and the seeds' numbers.
CREATE SEQUENCE field_outlet_rsids START 9100001;

-- One agreement per outlet; its photos are the outlet's rsa_proof images and its status the
-- workflow object's rsa_verification_status.
CREATE TABLE rsa_agreements (
  outlet_id int PRIMARY KEY REFERENCES outlets (id) ON DELETE CASCADE,
  auditor_id int NOT NULL REFERENCES field_auditors (id),
  signatory_name text NOT NULL,
  signatory_phone text NOT NULL,
  signed_on date NOT NULL,
  submitted timestamptz NOT NULL
);
