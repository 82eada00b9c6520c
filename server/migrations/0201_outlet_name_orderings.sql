-- The outlet list ordered by city or region walks the cities (or regions) in name order and takes
-- each one's outlets in RSID order from these indexes, instead of sorting every match (at a million
-- outlets, docs/scaling.md). The (city_id, rsid) index also serves the city filter, so it replaces
-- the city_id one.
CREATE INDEX outlets_city_rsid ON outlets (city_id, rsid);
DROP INDEX outlets_city;
CREATE INDEX outlets_region_rsid ON outlets (region_id, rsid);
