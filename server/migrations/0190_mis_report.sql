-- The MIS report counts each sub-project's identity checks through their outlets (docs/reports.md).
CREATE INDEX verification_checks_outlet ON verification_checks (outlet_id, created) WHERE outlet_id IS NOT NULL;
