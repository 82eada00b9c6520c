-- The hub's question management lists (000 §2.1 question-management, sku-questions): the questions of
-- a sub-project's groups read as the resource layer reads a table, with the sub-project, the group
-- and its place. Read only: questions are written by the questions upload.
CREATE VIEW question_list AS
SELECT q.id, 0 AS version, g.sub_project_id, g.name AS question_group, g.type AS group_type, q.name, q.type,
  q.is_mandatory, q.is_calling_necessary, g.position * 100000 + q.position AS place,
  NULL::timestamptz AS modified_at, NULL::int AS modified_by
FROM questions q JOIN question_groups g ON g.id = q.question_group_id
WHERE g.type = 'general';

CREATE VIEW sku_question_list AS
SELECT q.id, 0 AS version, g.sub_project_id, g.name AS question_group, g.type AS group_type, q.name, q.type,
  q.is_mandatory, q.is_calling_necessary, g.position * 100000 + q.position AS place,
  cardinality(g.related_sku_ids) AS skus, NULL::timestamptz AS modified_at, NULL::int AS modified_by
FROM questions q JOIN question_groups g ON g.id = q.question_group_id
WHERE g.type = 'sku_group';
