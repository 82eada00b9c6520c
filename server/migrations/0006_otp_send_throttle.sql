-- Codes sent per recipient and per address in the current window (server/auth/otp.ts), so a
-- flow that sends one-time codes cannot be used to flood a user or a gateway.
CREATE TABLE otp_send_counts (
  key text PRIMARY KEY,
  sends int NOT NULL,
  window_start timestamptz NOT NULL
);
