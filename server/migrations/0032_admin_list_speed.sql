-- The user list ordered by name within an organisation (docs/benchmarks.md, administration lists):
-- with 10,000 users a page deep in the list sorted every user of the organisation; this index
-- hands the page over in order.
CREATE INDEX users_organisation_name ON users (organisation_id, name, id);
