-- A state's name stays unique as written (0001's constraint), not in any case: the city upload
-- treats states whose names differ only in case as ambiguous, so such rows may exist. The resource
-- layer still refuses a new state named like another in any case (docs/admin.md).
DROP INDEX IF EXISTS states_unique_name;
