-- One mobile link export per user and sub-project is prepared at a time: a double click, or two
-- server processes answering the same click twice, start it once.
CREATE UNIQUE INDEX export_jobs_one_mobile_links ON export_jobs (user_id, (params ->> 'sub_project_id'))
  WHERE kind = 'mobile_links' AND status = 'processing';
