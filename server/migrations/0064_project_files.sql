-- A project's logo and deck (docs/projects.md): files kept in stored_files like every other file,
-- so every server process serves them. A replaced or removed file's row is deleted in the same
-- transaction as the project's change.
ALTER TABLE projects
  ADD COLUMN logo_file_id int REFERENCES stored_files (id),
  ADD COLUMN deck_file_id int REFERENCES stored_files (id);
