-- The retail audit report reads every outlet of a cycle for its charts (docs/reports.md, Speed):
-- the score's share of its maximum is stored with the score rather than worked out from two numeric
-- columns per outlet and per use, and the cycle's outlets are read with their state from a narrow
-- index rather than from their wide rows.
ALTER TABLE outlet_scores
  ADD COLUMN share float8 GENERATED ALWAYS AS (score::float8 * 100 / nullif(max_score::float8, 0)) STORED;
CREATE INDEX outlet_scores_outlet_share ON outlet_scores (outlet_id) INCLUDE (share);
DROP INDEX outlets_sub_project_state;
CREATE INDEX outlets_sub_project_state ON outlets (sub_project_id, workflow_state) INCLUDE (id);
