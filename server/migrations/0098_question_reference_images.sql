-- A question's reference images (001 §3 Question reference_images): image addresses shown beside
-- the question in Survey Details, written by the questions uploads and the question screen, whose
-- saves are made at the version read (docs/survey.md). The version is theirs alone: a column named
-- plainly `version` would make every query joining questions to answers ambiguous.
ALTER TABLE questions
  ADD COLUMN reference_images text[] NOT NULL DEFAULT '{}',
  ADD COLUMN reference_images_version int NOT NULL DEFAULT 0;

-- The question lists count them.
CREATE OR REPLACE VIEW question_list AS
SELECT q.id, 0 AS version, g.sub_project_id, g.name AS question_group, g.type AS group_type, q.name, q.type,
  q.is_mandatory, q.is_calling_necessary, g.position * 100000 + q.position AS place,
  NULL::timestamptz AS modified_at, NULL::int AS modified_by, cardinality(q.reference_images) AS reference_images
FROM questions q JOIN question_groups g ON g.id = q.question_group_id
WHERE g.type = 'general';

CREATE OR REPLACE VIEW sku_question_list AS
SELECT q.id, 0 AS version, g.sub_project_id, g.name AS question_group, g.type AS group_type, q.name, q.type,
  q.is_mandatory, q.is_calling_necessary, g.position * 100000 + q.position AS place,
  cardinality(g.related_sku_ids) AS skus, NULL::timestamptz AS modified_at, NULL::int AS modified_by,
  cardinality(q.reference_images) AS reference_images
FROM questions q JOIN question_groups g ON g.id = q.question_group_id
WHERE g.type = 'sku_group';
