-- The administered resources (docs/admin.md): every table the resource layer writes carries a
-- version (the optimistic check of an update), who changed it last and when; records addressed by
-- a slug get one; organisation tables get organisation_id so one rule scopes them all.

CREATE FUNCTION admin_slug(text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(nullif(trim(both '-' from regexp_replace(lower($1), '[^a-z0-9]+', '-', 'g')), ''), 'item')
$$;

-- Rows made outside the resource layer (the demo data, the city upload) get their slug here.
CREATE FUNCTION fill_slug() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE taken boolean; -- (a comment keeps the split)
BEGIN
  IF NEW.slug IS NULL THEN
    NEW.slug := admin_slug(to_jsonb(NEW) ->> TG_ARGV[0]); -- from the column the trigger names
    EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I WHERE slug = $1)', TG_TABLE_NAME) INTO taken USING NEW.slug; -- taken?
    IF taken THEN NEW.slug := NEW.slug || '-' || NEW.id; END IF; -- then the id makes it unique
  END IF; -- (a comment keeps the split)
  RETURN NEW; -- the row written
END
$$;

ALTER TABLE organisations ADD COLUMN slug text;
UPDATE organisations SET slug = admin_slug(name);
ALTER TABLE organisations ALTER COLUMN slug SET NOT NULL;
CREATE UNIQUE INDEX organisations_slug ON organisations (slug);
CREATE UNIQUE INDEX organisations_unique_name ON organisations (lower(name));

ALTER TABLE states ADD COLUMN slug text;
UPDATE states SET slug = admin_slug(name);
ALTER TABLE states ALTER COLUMN slug SET NOT NULL;
CREATE UNIQUE INDEX states_slug ON states (slug);
CREATE UNIQUE INDEX states_unique_name ON states (lower(name));
CREATE UNIQUE INDEX states_unique_code ON states (code);

ALTER TABLE cities ADD COLUMN slug text;
UPDATE cities c SET slug = admin_slug(c.name) || CASE
  WHEN (SELECT count(*) FROM cities d WHERE admin_slug(d.name) = admin_slug(c.name)) > 1 THEN '-' || c.id ELSE '' END;
ALTER TABLE cities ALTER COLUMN slug SET NOT NULL;
CREATE UNIQUE INDEX cities_slug ON cities (slug);
CREATE UNIQUE INDEX cities_unique_name ON cities (state_id, lower(name));
CREATE TRIGGER organisations_slug BEFORE INSERT ON organisations FOR EACH ROW EXECUTE FUNCTION fill_slug('name');
CREATE TRIGGER states_slug BEFORE INSERT ON states FOR EACH ROW EXECUTE FUNCTION fill_slug('name');
CREATE TRIGGER cities_slug BEFORE INSERT ON cities FOR EACH ROW EXECUTE FUNCTION fill_slug('name');

-- Zones and territories belong to their region's organisation; rows made by the bulk uploads
-- name only the parent, so a trigger fills it in.
ALTER TABLE zones ADD COLUMN organisation_id int REFERENCES organisations (id);
UPDATE zones z SET organisation_id = r.organisation_id FROM regions r WHERE r.id = z.region_id;
ALTER TABLE zones ALTER COLUMN organisation_id SET NOT NULL;
ALTER TABLE territories ADD COLUMN organisation_id int REFERENCES organisations (id);
UPDATE territories t SET organisation_id = z.organisation_id FROM zones z WHERE z.id = t.zone_id;
ALTER TABLE territories ALTER COLUMN organisation_id SET NOT NULL;

CREATE FUNCTION zone_organisation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.organisation_id IS NULL THEN
    SELECT organisation_id INTO NEW.organisation_id FROM regions WHERE id = NEW.region_id; -- its region's
  END IF; -- (a comment keeps the split)
  RETURN NEW; -- a BEFORE trigger's row is the one written
END
$$;
CREATE TRIGGER zone_organisation BEFORE INSERT ON zones FOR EACH ROW EXECUTE FUNCTION zone_organisation();

CREATE FUNCTION territory_organisation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.organisation_id IS NULL THEN
    SELECT organisation_id INTO NEW.organisation_id FROM zones WHERE id = NEW.zone_id; -- its zone's
  END IF; -- (a comment keeps the split)
  RETURN NEW; -- a BEFORE trigger's row is the one written
END
$$;
CREATE TRIGGER territory_organisation BEFORE INSERT ON territories FOR EACH ROW
  EXECUTE FUNCTION territory_organisation();

CREATE UNIQUE INDEX regions_unique_name ON regions (organisation_id, lower(name));
CREATE UNIQUE INDEX zones_unique_name ON zones (organisation_id, lower(name));
CREATE UNIQUE INDEX territories_unique_name ON territories (organisation_id, lower(name));
CREATE INDEX zones_region ON zones (region_id);
CREATE INDEX territories_zone ON territories (zone_id);
CREATE INDEX outlets_territory ON outlets (territory_id);
CREATE UNIQUE INDEX users_unique_username ON users (lower(username));
CREATE INDEX users_organisation ON users (organisation_id, username);
CREATE INDEX user_roles_role ON user_roles (role_id);

ALTER TABLE skus ADD COLUMN sub_category_id int;
ALTER TABLE skus ADD COLUMN variant_id int;
CREATE UNIQUE INDEX skus_unique_sku_code ON skus (organisation_id, lower(sku_code));

CREATE TABLE organisation_gst_details (
  id serial PRIMARY KEY,
  organisation_id int NOT NULL REFERENCES organisations (id),
  gstin text NOT NULL,
  legal_name text NOT NULL,
  state_id int NOT NULL REFERENCES states (id),
  address text NOT NULL
);
CREATE UNIQUE INDEX organisation_gst_details_unique_gstin ON organisation_gst_details (organisation_id, lower(gstin));

CREATE TABLE offers (
  id serial PRIMARY KEY,
  organisation_id int NOT NULL REFERENCES organisations (id),
  slug text NOT NULL UNIQUE,
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  starts_on date NOT NULL,
  ends_on date NOT NULL,
  is_active boolean NOT NULL DEFAULT true
);
CREATE UNIQUE INDEX offers_unique_title ON offers (organisation_id, lower(title));

-- The SKU catalogue of each organisation.
CREATE TABLE product_families (
  id serial PRIMARY KEY,
  organisation_id int NOT NULL REFERENCES organisations (id),
  name text NOT NULL
);
CREATE TABLE categories (
  id serial PRIMARY KEY,
  organisation_id int NOT NULL REFERENCES organisations (id),
  name text NOT NULL,
  product_family_id int NOT NULL REFERENCES product_families (id)
);
CREATE TABLE sub_categories (
  id serial PRIMARY KEY,
  organisation_id int NOT NULL REFERENCES organisations (id),
  name text NOT NULL,
  category_id int NOT NULL REFERENCES categories (id)
);
CREATE TABLE manufacturers (
  id serial PRIMARY KEY,
  organisation_id int NOT NULL REFERENCES organisations (id),
  name text NOT NULL
);
CREATE TABLE brands (
  id serial PRIMARY KEY,
  organisation_id int NOT NULL REFERENCES organisations (id),
  name text NOT NULL,
  manufacturer_id int NOT NULL REFERENCES manufacturers (id)
);
CREATE TABLE variants (
  id serial PRIMARY KEY,
  organisation_id int NOT NULL REFERENCES organisations (id),
  name text NOT NULL,
  brand_id int NOT NULL REFERENCES brands (id)
);
ALTER TABLE skus ADD CONSTRAINT skus_sub_category FOREIGN KEY (sub_category_id) REFERENCES sub_categories (id);
ALTER TABLE skus ADD CONSTRAINT skus_variant FOREIGN KEY (variant_id) REFERENCES variants (id);
CREATE UNIQUE INDEX product_families_unique_name ON product_families (organisation_id, lower(name));
CREATE UNIQUE INDEX categories_unique_name ON categories (organisation_id, lower(name));
CREATE UNIQUE INDEX sub_categories_unique_name ON sub_categories (organisation_id, lower(name));
CREATE UNIQUE INDEX manufacturers_unique_name ON manufacturers (organisation_id, lower(name));
CREATE UNIQUE INDEX brands_unique_name ON brands (organisation_id, lower(name));
CREATE UNIQUE INDEX variants_unique_name ON variants (organisation_id, lower(name));

-- 001 §3 invoice header definition, with its validations and show-logic (§4.8).
CREATE TABLE invoice_headers (
  id serial PRIMARY KEY,
  organisation_id int NOT NULL REFERENCES organisations (id),
  header text NOT NULL,
  header_type text NOT NULL,
  is_mandatory boolean NOT NULL DEFAULT false,
  min_length numeric,
  max_length numeric,
  lower_limit numeric,
  upper_limit numeric,
  allow_decimals boolean NOT NULL DEFAULT false,
  min_images_count numeric,
  max_images_count numeric,
  choices text NOT NULL DEFAULT '',
  show_logic_invoice_header_id int REFERENCES invoice_headers (id),
  show_logic_invoice_condition text,
  show_logic_invoice_option text NOT NULL DEFAULT ''
);
CREATE UNIQUE INDEX invoice_headers_unique_header ON invoice_headers (organisation_id, lower(header));

CREATE TABLE invoice_detail_fields (
  id serial PRIMARY KEY,
  organisation_id int NOT NULL REFERENCES organisations (id),
  label text NOT NULL,
  field_type text NOT NULL,
  is_mandatory boolean NOT NULL DEFAULT false,
  position numeric NOT NULL
);
CREATE UNIQUE INDEX invoice_detail_fields_unique_label ON invoice_detail_fields (organisation_id, lower(label));

-- Version, last change and who made it, on every administered table.
ALTER TABLE organisations ADD COLUMN version int NOT NULL DEFAULT 1, ADD COLUMN modified_at timestamptz, ADD COLUMN modified_by int REFERENCES users (id);
ALTER TABLE regions ADD COLUMN version int NOT NULL DEFAULT 1, ADD COLUMN modified_at timestamptz, ADD COLUMN modified_by int REFERENCES users (id);
ALTER TABLE zones ADD COLUMN version int NOT NULL DEFAULT 1, ADD COLUMN modified_at timestamptz, ADD COLUMN modified_by int REFERENCES users (id);
ALTER TABLE territories ADD COLUMN version int NOT NULL DEFAULT 1, ADD COLUMN modified_at timestamptz, ADD COLUMN modified_by int REFERENCES users (id);
ALTER TABLE organisation_gst_details ADD COLUMN version int NOT NULL DEFAULT 1, ADD COLUMN modified_at timestamptz, ADD COLUMN modified_by int REFERENCES users (id);
ALTER TABLE offers ADD COLUMN version int NOT NULL DEFAULT 1, ADD COLUMN modified_at timestamptz, ADD COLUMN modified_by int REFERENCES users (id);
ALTER TABLE permissions ADD COLUMN version int NOT NULL DEFAULT 1, ADD COLUMN modified_at timestamptz, ADD COLUMN modified_by int REFERENCES users (id);
ALTER TABLE roles ADD COLUMN version int NOT NULL DEFAULT 1, ADD COLUMN modified_at timestamptz, ADD COLUMN modified_by int REFERENCES users (id);
ALTER TABLE users ADD COLUMN version int NOT NULL DEFAULT 1, ADD COLUMN modified_at timestamptz, ADD COLUMN modified_by int REFERENCES users (id);
ALTER TABLE states ADD COLUMN version int NOT NULL DEFAULT 1, ADD COLUMN modified_at timestamptz, ADD COLUMN modified_by int REFERENCES users (id);
ALTER TABLE cities ADD COLUMN version int NOT NULL DEFAULT 1, ADD COLUMN modified_at timestamptz, ADD COLUMN modified_by int REFERENCES users (id);
ALTER TABLE product_families ADD COLUMN version int NOT NULL DEFAULT 1, ADD COLUMN modified_at timestamptz, ADD COLUMN modified_by int REFERENCES users (id);
ALTER TABLE categories ADD COLUMN version int NOT NULL DEFAULT 1, ADD COLUMN modified_at timestamptz, ADD COLUMN modified_by int REFERENCES users (id);
ALTER TABLE sub_categories ADD COLUMN version int NOT NULL DEFAULT 1, ADD COLUMN modified_at timestamptz, ADD COLUMN modified_by int REFERENCES users (id);
ALTER TABLE manufacturers ADD COLUMN version int NOT NULL DEFAULT 1, ADD COLUMN modified_at timestamptz, ADD COLUMN modified_by int REFERENCES users (id);
ALTER TABLE brands ADD COLUMN version int NOT NULL DEFAULT 1, ADD COLUMN modified_at timestamptz, ADD COLUMN modified_by int REFERENCES users (id);
ALTER TABLE variants ADD COLUMN version int NOT NULL DEFAULT 1, ADD COLUMN modified_at timestamptz, ADD COLUMN modified_by int REFERENCES users (id);
ALTER TABLE skus ADD COLUMN version int NOT NULL DEFAULT 1, ADD COLUMN modified_at timestamptz, ADD COLUMN modified_by int REFERENCES users (id);
ALTER TABLE invoice_headers ADD COLUMN version int NOT NULL DEFAULT 1, ADD COLUMN modified_at timestamptz, ADD COLUMN modified_by int REFERENCES users (id);
ALTER TABLE invoice_detail_fields ADD COLUMN version int NOT NULL DEFAULT 1, ADD COLUMN modified_at timestamptz, ADD COLUMN modified_by int REFERENCES users (id);

-- Every administrative write: who, when, what (the values written, secrets left out).
CREATE TABLE admin_changes (
  id serial PRIMARY KEY,
  resource text NOT NULL,
  record_id int NOT NULL,
  action text NOT NULL CHECK (action IN ('create', 'update', 'delete', 'merge')),
  user_id int NOT NULL REFERENCES users (id),
  at timestamptz NOT NULL,
  changes jsonb NOT NULL
);
CREATE INDEX admin_changes_record ON admin_changes (resource, record_id);
