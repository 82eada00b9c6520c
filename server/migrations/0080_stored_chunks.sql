-- Large files and the clean rows of an upload are kept in pieces, so no single statement moves more
-- than about a megabyte: on the embedded database every statement's parameters and results sit in
-- its WebAssembly memory, which grows to the largest of them and is never given back.

-- A file larger than one piece has no content of its own but chunk_count ordered chunks; expiring it
-- deletes the chunks and clears the count.
ALTER TABLE stored_files ADD COLUMN chunk_count int CHECK (chunk_count > 0);

CREATE TABLE stored_file_chunks (
  file_id int NOT NULL REFERENCES stored_files (id) ON DELETE CASCADE,
  seq int NOT NULL CHECK (seq >= 0),
  content bytea NOT NULL,
  PRIMARY KEY (file_id, seq)
);

-- The validated clean rows of an upload job, in order, a JSON array of rows per batch, applied batch
-- by batch inside the confirm's one transaction.
CREATE TABLE bulk_upload_clean_rows (
  job_id int NOT NULL REFERENCES bulk_upload_jobs (id) ON DELETE CASCADE,
  seq int NOT NULL CHECK (seq >= 0),
  rows jsonb NOT NULL,
  PRIMARY KEY (job_id, seq)
);

INSERT INTO bulk_upload_clean_rows (job_id, seq, rows)
SELECT id, 0, clean_rows FROM bulk_upload_jobs WHERE clean_rows IS NOT NULL;

ALTER TABLE bulk_upload_jobs DROP COLUMN clean_rows;
