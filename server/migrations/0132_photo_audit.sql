-- Photo audit (docs/projects.md, "Photo audit"): one decision per survey photo, approved or rejected
-- with its reason, who decided and when; versioned so a decision made meanwhile is not overwritten.
CREATE TABLE photo_audit_decisions (
  answer_image_id int PRIMARY KEY REFERENCES answer_images (id) ON DELETE CASCADE,
  decision text NOT NULL CHECK (decision IN ('approved', 'rejected')),
  reason text CHECK (decision = 'approved' OR length(trim(reason)) > 0),
  decided_by int NOT NULL REFERENCES users (id),
  decided_at timestamptz NOT NULL,
  version int NOT NULL DEFAULT 1
);
