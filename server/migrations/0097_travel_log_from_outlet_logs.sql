-- The workflow object's travel_log (001 §3) is read from the outlet log, where every move is
-- recorded, instead of a column nothing wrote (docs/outlet-review.md).
ALTER TABLE workflow_objects DROP COLUMN travel_log;
