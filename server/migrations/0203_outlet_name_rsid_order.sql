-- The outlet list ordered by name orders by (name, rsid): with the RSID in the index, a walk in name
-- order stops after a page of matches instead of sorting each run of equal names whole. A name
-- search ordered by name at a million outlets (docs/scaling.md) read 41,761 rows in 418 ms through
-- the name alone, 9,637 in 20 to 53 ms through this index. It serves everything the name index did.
CREATE INDEX outlets_name_rsid ON outlets (name, rsid);
DROP INDEX outlets_name;
