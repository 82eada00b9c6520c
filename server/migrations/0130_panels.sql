-- A sub-project's panels become records (docs/projects.md): named once within their sub-project,
-- addressed by a slug and versioned like the other administered resources; the panels upload's
-- rows link outlets to them instead of repeating a name.
CREATE TABLE panels (
  id serial PRIMARY KEY,
  sub_project_id int NOT NULL REFERENCES sub_projects (id),
  name text NOT NULL,
  description text,
  slug text,
  version int NOT NULL DEFAULT 1,
  modified_at timestamptz,
  modified_by int REFERENCES users (id)
);
CREATE TRIGGER panels_slug BEFORE INSERT ON panels FOR EACH ROW EXECUTE FUNCTION fill_slug('name');
INSERT INTO panels (sub_project_id, name)
  SELECT DISTINCT ON (sub_project_id, lower(panel_name)) sub_project_id, panel_name FROM panel_outlets
  ORDER BY sub_project_id, lower(panel_name), panel_name;
ALTER TABLE panels ALTER COLUMN slug SET NOT NULL;
CREATE UNIQUE INDEX panels_slug ON panels (slug);
CREATE UNIQUE INDEX panels_unique_name ON panels (sub_project_id, lower(name));

ALTER TABLE panel_outlets ADD COLUMN panel_id int REFERENCES panels (id);
UPDATE panel_outlets o SET panel_id = p.id FROM panels p
  WHERE p.sub_project_id = o.sub_project_id AND lower(p.name) = lower(o.panel_name);
-- Names differing only in case were one panel: keep one link per outlet.
DELETE FROM panel_outlets a USING panel_outlets b
  WHERE a.panel_id = b.panel_id AND a.outlet_id = b.outlet_id AND a.panel_name > b.panel_name;
ALTER TABLE panel_outlets DROP CONSTRAINT panel_outlets_pkey;
ALTER TABLE panel_outlets DROP COLUMN panel_name, DROP COLUMN sub_project_id;
ALTER TABLE panel_outlets ALTER COLUMN panel_id SET NOT NULL;
ALTER TABLE panel_outlets ADD PRIMARY KEY (panel_id, outlet_id);
