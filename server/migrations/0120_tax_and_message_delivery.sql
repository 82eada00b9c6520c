-- TDS and Form 16 for the payout team (docs/tax.md) and WhatsApp message delivery (docs/messaging.md).

-- Form 16 is the deductee's: one statement per PAN and financial year, made by a batch or on the
-- first download, or uploaded by the payout team in its place. The retailer's page serves the same
-- file, so the per-outlet files made before are dropped (their stored files stay).
CREATE TABLE pan_form16_files (
  pan text NOT NULL,
  financial_year int NOT NULL,
  file_id int REFERENCES stored_files (id),
  source text NOT NULL DEFAULT 'generated' CHECK (source IN ('generated', 'uploaded')),
  updated_by int REFERENCES users (id),
  updated timestamptz,
  PRIMARY KEY (pan, financial_year)
);
DROP TABLE retailer_form16_files;

-- The tax figures read the paid payouts of a PAN's outlets and of a financial year's dates.
CREATE INDEX outlet_payouts_paid_date ON outlet_payouts (payment_date, outlet_id)
  WHERE payment_status = 'payment_successful';

-- A Form 16 batch makes the statement of every PAN with tax deducted in one financial year; it runs
-- in the job runner like the exports (claimed_at, heartbeat_at and attempts as in export_jobs).
CREATE TABLE form16_batches (
  id serial PRIMARY KEY,
  financial_year int NOT NULL,
  status text NOT NULL CHECK (status IN ('processing', 'completed', 'failed')),
  progress int NOT NULL DEFAULT 0,
  total int NOT NULL DEFAULT 0,
  made int NOT NULL DEFAULT 0,
  message text,
  created_by int NOT NULL REFERENCES users (id),
  created timestamptz NOT NULL,
  completed_at timestamptz,
  claimed_at timestamptz,
  heartbeat_at timestamptz,
  attempts int NOT NULL DEFAULT 0
);
-- One batch of a year runs at a time: a second Generate answers the running one.
CREATE UNIQUE INDEX form16_batches_one_running ON form16_batches (financial_year) WHERE status = 'processing';

-- WhatsApp delivery: the sender moves each queued message through the provider; every change of
-- status is a row of its history.
ALTER TABLE whatsapp_messages
  ADD COLUMN provider_reference text,
  ADD COLUMN error text,
  ADD COLUMN status_changed_at timestamptz,
  ADD COLUMN checked_at timestamptz,
  ADD CONSTRAINT whatsapp_messages_status CHECK (status IN ('queued', 'sent', 'delivered', 'read', 'failed'));
CREATE INDEX whatsapp_messages_waiting ON whatsapp_messages (status, id) WHERE status IN ('queued', 'sent', 'delivered');
CREATE INDEX whatsapp_messages_job ON whatsapp_messages (job_id, id);

CREATE TABLE whatsapp_message_events (
  id serial PRIMARY KEY,
  message_id int NOT NULL REFERENCES whatsapp_messages (id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('sent', 'delivered', 'read', 'failed')),
  error text,
  at timestamptz NOT NULL
);
CREATE INDEX whatsapp_message_events_message ON whatsapp_message_events (message_id, id);
