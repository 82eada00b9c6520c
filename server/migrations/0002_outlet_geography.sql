-- Outlets carry their whole place (state, region and zone besides city and territory) so lists can
-- filter by any of them without joins, and their timestamps are named created and modified.
ALTER TABLE outlets RENAME COLUMN created_at TO created;
ALTER TABLE outlets RENAME COLUMN modified_at TO modified;

ALTER TABLE outlets ADD COLUMN state_id int REFERENCES states (id);
ALTER TABLE outlets ADD COLUMN zone_id int REFERENCES zones (id);
ALTER TABLE outlets ADD COLUMN region_id int REFERENCES regions (id);

UPDATE outlets o SET state_id = c.state_id FROM cities c WHERE c.id = o.city_id;
UPDATE outlets o SET zone_id = t.zone_id, region_id = z.region_id
  FROM territories t JOIN zones z ON z.id = t.zone_id
  WHERE t.id = o.territory_id;

ALTER TABLE outlets ALTER COLUMN state_id SET NOT NULL;
ALTER TABLE outlets ALTER COLUMN zone_id SET NOT NULL;
ALTER TABLE outlets ALTER COLUMN region_id SET NOT NULL;

CREATE INDEX outlets_state ON outlets (state_id);
CREATE INDEX outlets_region_zone ON outlets (region_id, zone_id);
-- Similar outlets share a PAN or a bank account.
CREATE INDEX outlets_pan ON outlets (pan);
CREATE INDEX outlets_account_number ON outlets (account_number);

