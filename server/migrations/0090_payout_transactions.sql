-- The money path (docs/payouts.md): every payment recorded, however it was made (Update Status,
-- the bulk modal, the payment status upload, UPI Pay Now), is one transaction row of the payout it
-- settles; the latest one per outlet is the review's latest transaction details.
CREATE TABLE payout_transactions (
  id serial PRIMARY KEY,
  payout_id int NOT NULL REFERENCES outlet_payouts (id),
  outlet_id int NOT NULL REFERENCES outlets (id) ON DELETE CASCADE,
  date_of_payment date NOT NULL,
  base_value numeric(15, 2) NOT NULL,
  invoice_value_incl_gst numeric(15, 2) NOT NULL,
  tds_amt numeric(15, 2) NOT NULL,
  paid_amt numeric(15, 2) NOT NULL,
  status text NOT NULL,
  paid boolean NOT NULL,
  utr_number text,
  cms_number text,
  remarks text,
  source text NOT NULL CHECK (source IN ('update_status', 'payment_status_upload', 'upi_pay_now')),
  user_id int REFERENCES users (id),
  job_id int REFERENCES bulk_upload_jobs (id),
  created timestamptz NOT NULL
);
-- A payout is paid once: a second payment of it, from a double click or another server, is refused here.
CREATE UNIQUE INDEX payout_transactions_paid_once ON payout_transactions (payout_id) WHERE paid;
CREATE INDEX payout_transactions_outlet ON payout_transactions (outlet_id, created DESC, id DESC);

-- The payout list of a sub-project's cycle page and of an outlet's Payout Details.
CREATE INDEX outlet_payouts_sub_project ON outlet_payouts (sub_project_id, payment_status);
