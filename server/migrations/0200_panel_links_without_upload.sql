-- A panel's outlet links come from the panels upload, which names its job; links made otherwise
-- (the demo data's, docs/demo-data.md) name none.
ALTER TABLE panel_outlets ALTER COLUMN job_id DROP NOT NULL;
