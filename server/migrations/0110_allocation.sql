-- Allocation of work (docs/allocation.md): the payout team's people on the workflow object (001 §3
-- names the QC and calling people but none of the IFTU team's), and the version every reassignment
-- grows, so a move made on a list read before another manager's move is refused, not overwritten.
ALTER TABLE workflow_objects
  ADD COLUMN assigned_iftu_manager int REFERENCES users (id),
  ADD COLUMN assigned_iftu_executive int REFERENCES users (id),
  ADD COLUMN allocation_version int NOT NULL DEFAULT 1;

-- Each team's executive's outlets are counted and listed by the executive.
CREATE INDEX workflow_objects_qc_executive ON workflow_objects (assigned_qc_executive);
CREATE INDEX workflow_objects_calling_executive ON workflow_objects (assigned_calling_executive);
CREATE INDEX workflow_objects_iftu_executive ON workflow_objects (assigned_iftu_executive);
