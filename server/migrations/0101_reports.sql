-- The retail audit report pages a cycle's outlets by RSID (docs/reports.md).
CREATE INDEX outlets_sub_project_rsid ON outlets (sub_project_id, rsid);
