-- A sub-project's programs become an administered resource (docs/projects.md): addressed by a slug,
-- versioned, and named once within their sub-project.
ALTER TABLE programs ADD COLUMN slug text;
UPDATE programs SET slug = admin_slug(name) || '-' || id;
ALTER TABLE programs ALTER COLUMN slug SET NOT NULL;
CREATE UNIQUE INDEX programs_slug ON programs (slug);
CREATE UNIQUE INDEX programs_unique_name ON programs (sub_project_id, lower(name));
CREATE TRIGGER programs_slug BEFORE INSERT ON programs FOR EACH ROW EXECUTE FUNCTION fill_slug('name');
ALTER TABLE programs ADD COLUMN version int NOT NULL DEFAULT 1, ADD COLUMN modified_at timestamptz, ADD COLUMN modified_by int REFERENCES users (id);
