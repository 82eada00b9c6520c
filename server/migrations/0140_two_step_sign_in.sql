-- Staff two-step sign-in (docs/auth.md): a user who must confirm a code sent to their mobile after
-- the password. Set only through the user administration (those who may manage users).
ALTER TABLE users ADD COLUMN two_step_sign_in boolean NOT NULL DEFAULT false;

-- The password step passed, waiting for the code: one open ticket per user, held by the browser
-- in an HttpOnly cookie (only its SHA-256 here). Sending and verifying the code need it, so the
-- code alone never signs in; a match, a spent code or a new password step closes it.
CREATE TABLE sign_in_tickets (
  user_id int PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL
);
