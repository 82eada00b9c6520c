-- One region's outlets ordered by city: the list walks the cities in name order and takes each
-- one's outlets in that region in RSID order from this index (server/outlets/listing.ts), instead
-- of sorting every outlet of the region (a third of a million at a million outlets, 0.58 s).
CREATE INDEX outlets_region_city_rsid ON outlets (region_id, city_id, rsid);
