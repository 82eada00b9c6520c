-- Form 16 for retailers (docs/retailer-portal.md): the tax deducted at source from each payout, and
-- the statement file of a financial year, made on first download once the year has ended.

-- Null: no tax was deducted from the payout (below the threshold, or paid before deduction began).
ALTER TABLE outlet_payouts ADD COLUMN tds_amount numeric(15, 2) CHECK (tds_amount >= 0);

CREATE TABLE retailer_form16_files (
  outlet_id int NOT NULL REFERENCES outlets (id) ON DELETE CASCADE,
  financial_year int NOT NULL,
  file_id int REFERENCES stored_files (id),
  PRIMARY KEY (outlet_id, financial_year)
);
