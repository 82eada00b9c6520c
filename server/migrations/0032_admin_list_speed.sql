-- The administration lists at 10,000 users (docs/benchmarks.md, administration lists).
-- A page deep in the user list ordered by name sorted every user of the organisation; this index
-- hands the page over in order.
CREATE INDEX users_organisation_name ON users (organisation_id, name, id);

-- The user search ("contains", over user name, name and email) ran one ILIKE per key and row;
-- the search keys' text kept in lower case is searched with one LIKE (the definition's
-- searchColumn, src/domain/resources/access.ts).
ALTER TABLE users ADD COLUMN search_text text
  GENERATED ALWAYS AS (lower(username || ' ' || name || ' ' || coalesce(email, ''))) STORED;
