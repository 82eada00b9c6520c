-- One-time-code sign-in for field auditors (platform my_track) and retailers (platform retailer).
-- Each field auditor and retailer who may sign in has a user account; sessions stay per user.
ALTER TABLE field_auditors ADD COLUMN user_id int UNIQUE REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE retailers ADD COLUMN user_id int UNIQUE REFERENCES users (id) ON DELETE SET NULL;

-- The open sign-in code of a mobile number on a platform: one row per number and platform, replaced
-- by a resend (only once the cooldown has passed, in the same statement). Unknown numbers get a row
-- too, with no user, so the answers and limits do not tell which numbers have accounts.
CREATE TABLE login_otps (
  id serial PRIMARY KEY,
  mobile text NOT NULL,
  platform text NOT NULL,
  user_id int REFERENCES users (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  code_expires_at timestamptz NOT NULL,
  sent_at timestamptz NOT NULL,
  attempts int NOT NULL DEFAULT 0,
  used boolean NOT NULL DEFAULT false,
  UNIQUE (mobile, platform)
);

-- Key pairs the server keeps with its data (the RSA pair that sign-in codes are encrypted with).
CREATE TABLE server_keys (
  name text PRIMARY KEY,
  public_key text NOT NULL,
  private_key text NOT NULL,
  created_at timestamptz NOT NULL
);
